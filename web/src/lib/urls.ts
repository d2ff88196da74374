// Web addresses typed into forms, checked by the API's own rule so a form never sends one the
// server refuses (contract's WebUrl). Surrounding spaces are ignored: forms send trimmed values.
import { WEB_URL_PATTERN } from '@lp/contract/constants';

const webUrl = new RegExp(WEB_URL_PATTERN);

/** True for an http(s) address: http:// or https:// followed by no whitespace. */
export const isWebUrl = (value: string) => webUrl.test(value.trim());

/** True for an empty field or an http(s) address. */
export const isWebUrlOrEmpty = (value: string) => !value.trim() || isWebUrl(value);

/** Parses a numeric route parameter (an id in the address); NaN for anything else. */
export function idParam(value: string | undefined): number {
  return value && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}
