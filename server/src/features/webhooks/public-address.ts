import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../lib/http-errors.ts';

/** Whether an address is on the public internet: ipaddr.js calls those 'unicast'. */
function isPublic(address: string) {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * The webhook URL, checked: http or https, and unless `allowPrivate`, a host whose every
 * address is public (no loopback, private, link-local or reserved ranges), so a webhook cannot
 * reach the server's own network. 400 naming `url` otherwise. Asked at registration and again
 * before each delivery, as a name's addresses may change.
 */
export async function checkedWebhookUrl(text: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('url must be an absolute http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('url must be an http or https URL.');
  if (url.username || url.password) throw badRequest('url must not carry a user name or password.');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (addresses.length === 0) throw badRequest(`url: the host ${host} could not be found.`);
  if (!addresses.every(isPublic))
    throw badRequest(`url: ${host} is not a public address; webhooks go to public addresses only.`);
  return url;
}
