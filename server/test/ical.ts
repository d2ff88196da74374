// A strict reader of iCalendar (RFC 5545) text for tests: it checks the syntax rules calendar
// apps rely on and answers the components as nested objects.

export interface IcalProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcalComponent {
  type: string;
  properties: IcalProperty[];
  components: IcalComponent[];
  get(name: string): IcalProperty | undefined;
}

const CONTENT_LINE =
  /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;

function component(type: string): IcalComponent {
  const properties: IcalProperty[] = [];
  return {
    type,
    properties,
    components: [],
    get: (name) => properties.find((property) => property.name === name),
  };
}

function unescapeText(value: string) {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Parses and validates; throws with the line number on the first violation. */
export function parseIcal(text: string): IcalComponent {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  if (/(?<!\r)\n/.test(text)) throw new Error('lines must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  physical.forEach((line, index) => {
    if (Buffer.byteLength(line) > 75) throw new Error(`line ${index + 1} is over 75 octets`);
  });
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation before any line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: IcalComponent[] = [];
  let root: IcalComponent | undefined;
  lines.forEach((line, index) => {
    const match = CONTENT_LINE.exec(line);
    if (!match) throw new Error(`line ${index + 1} is not a content line: ${line}`);
    const name = (match[1] ?? '').toUpperCase();
    const value = match[3] ?? '';
    if (name === 'BEGIN') {
      const child = component(value.toUpperCase());
      const parent = stack.at(-1);
      if (parent) parent.components.push(child);
      else if (root) throw new Error('more than one top-level component');
      else root = child;
      stack.push(child);
      return;
    }
    if (name === 'END') {
      const open = stack.pop();
      if (open?.type !== value.toUpperCase())
        throw new Error(`line ${index + 1}: END:${value} does not close ${open?.type}`);
      return;
    }
    const current = stack.at(-1);
    if (!current) throw new Error(`line ${index + 1}: property outside a component`);
    const params: Record<string, string> = {};
    for (const param of (match[2] ?? '').split(';').slice(1)) {
      const [key, ...rest] = param.split('=');
      params[(key ?? '').toUpperCase()] = rest.join('=');
    }
    current.properties.push({ name, params, value: unescapeText(value) });
  });
  if (stack.length > 0) throw new Error(`${stack.at(-1)?.type} is not closed`);
  if (root?.type !== 'VCALENDAR') throw new Error('the text is not a VCALENDAR');
  checkCalendar(root);
  return root;
}

function expectOne(componentToCheck: IcalComponent, ...names: string[]) {
  for (const name of names) {
    const count = componentToCheck.properties.filter((p) => p.name === name).length;
    if (count !== 1) throw new Error(`${componentToCheck.type} needs exactly one ${name}`);
  }
}

const DATE = /^\d{8}$/;
const LOCAL_DATE_TIME = /^\d{8}T\d{6}$/;
const UTC_DATE_TIME = /^\d{8}T\d{6}Z$/;
const OFFSET = /^[+-]\d{4}$/;

function checkCalendar(calendar: IcalComponent) {
  expectOne(calendar, 'VERSION', 'PRODID');
  if (calendar.get('VERSION')?.value !== '2.0') throw new Error('VERSION must be 2.0');
  const zones = new Set<string>();
  for (const zone of calendar.components.filter((c) => c.type === 'VTIMEZONE')) {
    expectOne(zone, 'TZID');
    zones.add(zone.get('TZID')?.value ?? '');
    if (zone.components.length === 0) throw new Error('VTIMEZONE needs an observance');
    for (const observance of zone.components) {
      if (!['STANDARD', 'DAYLIGHT'].includes(observance.type))
        throw new Error(`unexpected ${observance.type} in VTIMEZONE`);
      expectOne(observance, 'DTSTART', 'TZOFFSETFROM', 'TZOFFSETTO');
      if (!LOCAL_DATE_TIME.test(observance.get('DTSTART')?.value ?? ''))
        throw new Error('observance DTSTART must be a local date-time');
      for (const name of ['TZOFFSETFROM', 'TZOFFSETTO'])
        if (!OFFSET.test(observance.get(name)?.value ?? '')) throw new Error(`bad ${name}`);
    }
  }
  for (const event of calendar.components.filter((c) => c.type === 'VEVENT')) {
    expectOne(event, 'UID', 'DTSTAMP', 'DTSTART');
    if (!UTC_DATE_TIME.test(event.get('DTSTAMP')?.value ?? ''))
      throw new Error('DTSTAMP must be UTC');
    const start = event.get('DTSTART') as IcalProperty;
    if (start.params.VALUE === 'DATE') {
      if (!DATE.test(start.value)) throw new Error('DATE value expected');
    } else if (start.params.TZID) {
      if (!zones.has(start.params.TZID)) throw new Error(`no VTIMEZONE for ${start.params.TZID}`);
      if (!LOCAL_DATE_TIME.test(start.value)) throw new Error('local DTSTART expected');
    } else if (!UTC_DATE_TIME.test(start.value)) throw new Error('floating DTSTART');
    if (event.get('DTEND') && event.get('DURATION')) throw new Error('DTEND and DURATION together');
  }
}
