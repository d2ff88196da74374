import ICAL from 'ical.js';

/**
 * Reads a feed the way calendar apps do (ical.js), after the line rules that ical.js forgives but
 * some apps do not: CRLF endings and lines of at most 75 octets. The feed's own VTIMEZONEs are
 * registered, so event times convert to instants by the rules the feed states.
 */
export function parseFeed(text: string) {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  if (/(?<!\r)\n/.test(text)) throw new Error('lines must end with CRLF');
  text.split('\r\n').forEach((line, index) => {
    if (Buffer.byteLength(line) > 75) throw new Error(`line ${index + 1} is over 75 octets`);
  });
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  return { calendar, events };
}
