/**
 * What a file really is, from its bytes: PDF, legacy Word (OLE2 compound file) or Word OOXML (a zip
 * whose central directory lists word/document.xml), and for lead documents also JPEG, PNG and WebP
 * photos. Names and browser MIME types are not trusted.
 */
export type DocumentKind = "pdf" | "doc" | "docx";

export const documentContentTypes: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

export type ImageKind = "jpg" | "png" | "webp";

export const imageContentTypes: Record<ImageKind, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/** A photo's format from its signature (WebP: a RIFF container whose form type is WEBP). */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, JPEG)) return "jpg";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, RIFF) && startsWith(bytes.subarray(8), WEBP)) return "webp";
  return null;
}

/** File names listed in a zip's central directory; empty when the archive is not well formed. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65535 bytes.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= earliest; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return [];
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return [];
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

export function detectDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, OLE2)) return "doc";
  if (startsWith(bytes, ZIP) && zipEntryNames(bytes).includes("word/document.xml")) return "docx";
  return null;
}

/** A name as a browser sent it, made safe to show and offer back: its last path part, printable, <= 120. */
export function printableFileName(original: string, { keepExtension = true } = {}): string {
  const last = original.split(/[\\/]/).pop() ?? "";
  return (keepExtension ? last : last.replace(/\.[^.]*$/, ""))
    .replace(/[^\p{L}\p{N} ._()-]/gu, "")
    .trim()
    .slice(0, 120);
}

/** A safe download name: no path, no control characters, the extension of what the file really is. */
export function safeFileName(original: string, kind: DocumentKind | ImageKind, fallback = "resume"): string {
  return `${printableFileName(original, { keepExtension: false }) || fallback}.${kind}`;
}
