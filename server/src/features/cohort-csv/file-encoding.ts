import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import { badRequest } from '../../lib/http-errors.ts';

/*
 * An uploaded text file's bytes as text. Spreadsheets save CSV in more than UTF-8: Excel's plain
 * 'CSV' is the system's code page (Windows-1252 in the US and western Europe), 'Unicode text' is
 * UTF-16. The encoding is taken from, in order: a byte order mark, the bytes being valid UTF-8
 * (text in another encoding almost never is), then chardet's guess. Text that would come out with
 * a replacement character (U+FFFD) is refused, naming its line, rather than stored with it.
 */

export interface DecodedFile {
  text: string;
  /** The encoding it was read as, by its usual name: 'UTF-8', 'UTF-16LE', 'Windows-1252'. */
  encoding: string;
}

const BYTE_ORDER_MARKS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
] as const;

/**
 * chardet's confidence (0 to 100) below which its guess is not taken. A roster of a few names in
 * a single-byte code page scores 25 to 45; bytes that are no text score 0.
 */
const MIN_CONFIDENCE = 10;
/**
 * How much of the file chardet reads: over a thousand lines of a roster, plenty to tell its
 * encoding by, while the largest file allowed took it 0.4 s of the event loop.
 */
const DETECTION_SAMPLE = 64 * 1024;

const SAVE_AS_UTF8 = 'save it as UTF-8 (in Excel: CSV UTF-8) and choose it again';

/** 'windows-1252' → 'Windows-1252', 'utf-16le' → 'UTF-16LE', 'shift_jis' → 'Shift_JIS'. */
function usualName(encoding: string): string {
  if (encoding.startsWith('windows-')) return `Windows-${encoding.slice('windows-'.length)}`;
  if (encoding === 'shift_jis') return 'Shift_JIS';
  if (encoding === 'big5') return 'Big5';
  return encoding.toUpperCase();
}

/** The line (from 1) of a position in the text; CRLF, CR and LF each end a line, as in parseCsv. */
const lineAt = (text: string, index: number) =>
  (text.slice(0, index).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;

function byteOrderMark(bytes: Uint8Array): string | null {
  const mark = BYTE_ORDER_MARKS.find((candidate) =>
    candidate.bytes.every((byte, index) => bytes[index] === byte),
  );
  return mark?.encoding ?? null;
}

/** The encoding chardet finds, by the name TextDecoder gives it (ISO-8859-1 is windows-1252). */
function detectedEncoding(bytes: Uint8Array): string {
  const [best] = chardet.analyse(bytes.subarray(0, DETECTION_SAMPLE));
  if (!best || best.confidence < MIN_CONFIDENCE) {
    const asUtf8 = new TextDecoder('utf-8').decode(bytes);
    const line = lineAt(asUtf8, asUtf8.indexOf('\uFFFD'));
    throw badRequest(
      `The file is not in UTF-8 (line ${line} is the first that is not) and its character encoding could not be told: ${SAVE_AS_UTF8}.`,
    );
  }
  try {
    return new TextDecoder(best.name).encoding;
  } catch {
    throw badRequest(
      `The file looks like ${best.name}, which cannot be read here: ${SAVE_AS_UTF8}.`,
    );
  }
}

/** Reads a file's bytes as text; a 400 naming the line for text that cannot be read. */
export function decodeFile(bytes: Uint8Array): DecodedFile {
  const encoding = byteOrderMark(bytes) ?? (isUtf8(bytes) ? 'utf-8' : detectedEncoding(bytes));
  // TextDecoder leaves out a byte order mark of its own encoding.
  const text = new TextDecoder(encoding).decode(bytes);
  const lost = text.indexOf('\uFFFD');
  if (lost !== -1)
    throw badRequest(
      `Line ${lineAt(text, lost)} has characters that cannot be read as ${usualName(encoding)}: ${SAVE_AS_UTF8}.`,
    );
  return { text, encoding: usualName(encoding) };
}
