import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  detectDocumentKind,
  detectImageKind,
  documentContentTypes,
  safeFileName,
  zipEntryNames,
} from "./document-type";

// ---------------------------------------------------------------- fixtures built from real formats

const text = (s: string) => new TextEncoder().encode(s);

/** A minimal but well-formed one-page PDF. */
const minimalPdf = text(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
);

/** The first sector of an OLE2 compound file (legacy .doc): signature, then the header fields. */
function ole2Header(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const view = new DataView(bytes.buffer);
  view.setUint16(24, 0x003e, true); // minor version
  view.setUint16(26, 0x0003, true); // major version 3
  view.setUint16(28, 0xfffe, true); // little-endian byte order mark
  view.setUint16(30, 9, true); // 512-byte sectors
  return bytes;
}

interface ZipEntry {
  name: string;
  content: string;
}

/**
 * A real zip archive (APPNOTE 6.3): one local header + data per entry, deflated, then the central
 * directory and the end-of-central-directory record.
 */
function buildZip(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const raw = Buffer.from(entry.content, "utf8");
    const data = zlib.deflateRawSync(raw);
    const crc = zlib.crc32(raw);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header signature
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(8, 8); // method: deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28); // extra length
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); // central directory header signature
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra length
    central.writeUInt16LE(0, 32); // comment length
    central.writeUInt16LE(0, 34); // disk number start
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(0, 38); // external attributes
    central.writeUInt32LE(offset, 42); // offset of the local header
    centrals.push(central, name);

    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory signature
  end.writeUInt16LE(0, 4); // this disk
  end.writeUInt16LE(0, 6); // disk with the central directory
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16); // central directory offset
  end.writeUInt16LE(0, 20); // comment length
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** Reads an entry back through its local header, proving the archive is well formed. */
function readZipEntry(zip: Uint8Array, name: string): string | undefined {
  const buffer = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extraLength = buffer.readUInt16LE(offset + 28);
    const entryName = buffer.toString("utf8", offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    if (entryName === name) {
      const content = zlib.inflateRawSync(buffer.subarray(start, start + size));
      expect(zlib.crc32(content)).toBe(buffer.readUInt32LE(offset + 14));
      return content.toString("utf8");
    }
    offset = start + size;
  }
  return undefined;
}

const contentTypesXml =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  "</Types>";
const documentXml =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  "<w:body><w:p><w:r><w:t>Ann Lee, resume</w:t></w:r></w:p></w:body></w:document>";

const docx = buildZip([
  { name: "[Content_Types].xml", content: contentTypesXml },
  { name: "word/document.xml", content: documentXml },
]);
const zipWithoutDocument = buildZip([{ name: "[Content_Types].xml", content: contentTypesXml }]);

// ---------------------------------------------------------------- tests

describe("the test's zip writer", () => {
  it("writes an archive whose entries read back with matching CRCs", () => {
    expect(readZipEntry(docx, "[Content_Types].xml")).toBe(contentTypesXml);
    expect(readZipEntry(docx, "word/document.xml")).toBe(documentXml);
    expect(zipEntryNames(docx)).toEqual(["[Content_Types].xml", "word/document.xml"]);
  });
});

describe("detectDocumentKind", () => {
  it("recognises a PDF by its bytes", () => {
    expect(detectDocumentKind(minimalPdf)).toBe("pdf");
  });

  it("recognises a legacy Word file by its OLE2 header", () => {
    expect(detectDocumentKind(ole2Header())).toBe("doc");
  });

  it("recognises a DOCX: a zip whose central directory lists word/document.xml", () => {
    expect(detectDocumentKind(docx)).toBe("docx");
  });

  it("finds word/document.xml among other entries and after an archive comment", () => {
    const withComment = new Uint8Array(docx.length + 5);
    withComment.set(docx);
    withComment.set(text("hello"), docx.length);
    new DataView(withComment.buffer).setUint16(docx.length - 2, 5, true); // comment length
    expect(detectDocumentKind(withComment)).toBe("docx");

    const many = buildZip([
      { name: "[Content_Types].xml", content: contentTypesXml },
      { name: "_rels/.rels", content: "<Relationships/>" },
      { name: "word/styles.xml", content: "<w:styles/>" },
      { name: "word/document.xml", content: documentXml },
    ]);
    expect(detectDocumentKind(many)).toBe("docx");
  });

  it("works on a view into a larger buffer", () => {
    const backing = new Uint8Array(docx.length + 16);
    backing.set(docx, 8);
    expect(detectDocumentKind(backing.subarray(8, 8 + docx.length))).toBe("docx");
  });

  it("refuses a zip without word/document.xml", () => {
    expect(zipEntryNames(zipWithoutDocument)).toEqual(["[Content_Types].xml"]);
    expect(detectDocumentKind(zipWithoutDocument)).toBeNull();
  });

  it("refuses a zip where document.xml is not under word/", () => {
    const other = buildZip([
      { name: "[Content_Types].xml", content: contentTypesXml },
      { name: "document.xml", content: documentXml },
      { name: "xl/word/document.xml", content: documentXml },
    ]);
    expect(detectDocumentKind(other)).toBeNull();
  });

  it("trusts bytes, not names: a .pdf whose bytes are text is refused", async () => {
    const file = new File(["not a pdf"], "resume.pdf", { type: "application/pdf" });
    expect(detectDocumentKind(new Uint8Array(await file.arrayBuffer()))).toBeNull();
  });

  it("refuses empty input", () => {
    expect(detectDocumentKind(new Uint8Array(0))).toBeNull();
  });

  it("refuses a signature that is cut short", () => {
    expect(detectDocumentKind(text("%PDF"))).toBeNull();
    expect(detectDocumentKind(ole2Header().subarray(0, 7))).toBeNull();
    expect(detectDocumentKind(new Uint8Array([0x50, 0x4b, 0x03]))).toBeNull();
  });

  it.each([
    ["without its end record", (zip: Uint8Array) => zip.subarray(0, zip.length - 10)],
    ["cut in the middle", (zip: Uint8Array) => zip.subarray(0, Math.floor(zip.length / 2))],
    ["to its local header only", (zip: Uint8Array) => zip.subarray(0, 30)],
    ["to its signature only", (zip: Uint8Array) => zip.subarray(0, 4)],
  ])("refuses a truncated DOCX (%s) without throwing", (_label, cut) => {
    const truncated = cut(docx);
    expect(() => zipEntryNames(truncated)).not.toThrow();
    expect(zipEntryNames(truncated)).toEqual([]);
    expect(detectDocumentKind(truncated)).toBeNull();
  });

  it("refuses a DOCX whose central directory was cut out but whose end record remains", () => {
    const endStart = docx.length - 22;
    const directoryOffset = new DataView(docx.buffer, docx.byteOffset).getUint32(endStart + 16, true);
    const spliced = new Uint8Array(directoryOffset + 22);
    spliced.set(docx.subarray(0, directoryOffset));
    spliced.set(docx.subarray(endStart), directoryOffset);
    expect(() => detectDocumentKind(spliced)).not.toThrow();
    expect(detectDocumentKind(spliced)).toBeNull();
  });

  it("refuses an end record that claims more entries than the directory holds", () => {
    const lying = new Uint8Array(zipWithoutDocument);
    const view = new DataView(lying.buffer);
    view.setUint16(lying.length - 22 + 10, 2, true);
    expect(detectDocumentKind(lying)).toBeNull();
  });

  it("gives each kind its content type", () => {
    expect(documentContentTypes).toEqual({
      pdf: "application/pdf",
      doc: "application/msword",
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
  });
});

describe("safeFileName", () => {
  it("keeps an ordinary name and uses the detected extension", () => {
    expect(safeFileName("Ann Lee CV.pdf", "pdf")).toBe("Ann Lee CV.pdf");
    expect(safeFileName("resume_2025 (final).docx", "docx")).toBe("resume_2025 (final).docx");
  });

  it.each([
    ["../../etc/passwd", "pdf", "passwd.pdf"],
    ["C:\\Users\\ann\\Documents\\My CV.docx", "docx", "My CV.docx"],
    ["/tmp/uploads/cv.doc", "doc", "cv.doc"],
    ["folder\\..\\..\\cv.pdf", "pdf", "cv.pdf"],
  ] as const)("strips the path of %j", (original, kind, expected) => {
    expect(safeFileName(original, kind)).toBe(expected);
  });

  it.each([
    ["<img src=x onerror=alert(1)>.pdf", "pdf", "img srcx onerroralert(1).pdf"],
    ["cv\u0000\u001f\u007f.pdf", "pdf", "cv.pdf"],
    ["cv\r\nX-Injected: yes.pdf", "pdf", "cvX-Injected yes.pdf"],
    ['a"b;c*d?e|f.doc', "doc", "abcdef.doc"],
  ] as const)("removes odd characters from %j", (original, kind, expected) => {
    expect(safeFileName(original, kind)).toBe(expected);
  });

  it("keeps letters and digits of any script", () => {
    expect(safeFileName("Lebenslauf Müller 2025.pdf", "pdf")).toBe("Lebenslauf Müller 2025.pdf");
    expect(safeFileName("履歴書.docx", "docx")).toBe("履歴書.docx");
  });

  it.each([
    ["cv.pdf", "docx", "cv.docx"],
    ["cv.exe", "pdf", "cv.pdf"],
    ["cv.PDF", "pdf", "cv.pdf"],
    ["cv", "doc", "cv.doc"],
    ["archive.tar.gz", "pdf", "archive.tar.pdf"],
  ] as const)("forces the detected extension: %j as %s", (original, kind, expected) => {
    expect(safeFileName(original, kind)).toBe(expected);
  });

  it.each([
    ["", "pdf", "resume.pdf"],
    ["   ", "doc", "resume.doc"],
    [".pdf", "pdf", "resume.pdf"],
    ["???.docx", "docx", "resume.docx"],
    ["uploads/", "pdf", "resume.pdf"],
    ["<>|.doc", "doc", "resume.doc"],
  ] as const)("falls back to resume.<ext> for %j", (original, kind, expected) => {
    expect(safeFileName(original, kind)).toBe(expected);
  });

  it("caps the base name at 120 characters", () => {
    expect(safeFileName(`${"a".repeat(300)}.pdf`, "pdf")).toBe(`${"a".repeat(120)}.pdf`);
  });
});

describe("detectImageKind", () => {
  it("knows JPEG, PNG and WebP by their signatures", () => {
    expect(detectImageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpg");
    expect(detectImageKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(detectImageKind(new Uint8Array([...text("RIFF"), 0x24, 0, 0, 0, ...text("WEBPVP8 ")]))).toBe(
      "webp",
    );
  });

  it("refuses other RIFF files, documents and text named like images", () => {
    expect(detectImageKind(new Uint8Array([...text("RIFF"), 0x24, 0, 0, 0, ...text("WAVEfmt ")]))).toBeNull();
    expect(detectImageKind(minimalPdf)).toBeNull();
    expect(detectImageKind(text("just text pretending to be photo.jpg"))).toBeNull();
  });

  it("names a nameless photo with the fallback", () => {
    expect(safeFileName("../???.png", "png", "document")).toBe("document.png");
  });
});
