import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { isPdf, isZip, sniffContentType } from './sniff';
import { entryName, listZipEntries, uniqueEntryNames, zipFileName, zipStream, type RangeReader } from './zip';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** An archive with a folder, a nested file and a top-level file, built with yazl in memory. */
async function sampleZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addEmptyDirectory('data/');
  zip.addBuffer(Buffer.from('a,b\n1,2\n'), 'data/table.csv');
  zip.addBuffer(Buffer.from('read me'), 'README.txt');
  zip.end();
  return collect(zip.outputStream);
}

/** Range reads over a buffer, counting the bytes read, as storage would serve them. */
function rangeReader(buffer: Buffer): RangeReader & { bytesRead: number } {
  const reader = {
    size: buffer.length,
    bytesRead: 0,
    read: async (start: number, end: number) => {
      reader.bytesRead += end - start;
      return Readable.from([buffer.subarray(start, end)]);
    },
  };
  return reader;
}

describe('content sniffing', () => {
  it('recognises a PDF by its bytes, not its name or claimed type', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(Buffer.from('\n\n%PDF-1.4'))).toBe(true);
    expect(isPdf(Buffer.from('<html>not a pdf</html>'))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
    expect(sniffContentType(Buffer.from('%PDF-1.7'), 'application/octet-stream')).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('plain text'), 'application/pdf')).toBe('application/octet-stream');
  });

  it('recognises zips and refuses a zip claim the bytes do not back', async () => {
    expect(isZip(await sampleZip())).toBe(true);
    expect(isZip(Buffer.from('PK'))).toBe(false);
    expect(sniffContentType(await sampleZip(), undefined)).toBe('application/zip');
    expect(sniffContentType(Buffer.from('nope'), 'application/zip')).toBe('application/octet-stream');
  });

  it('keeps ordinary claimed types and stores active content as plain bytes', () => {
    const bytes = Buffer.from('a,b');
    expect(sniffContentType(bytes, 'text/csv; charset=utf-8')).toBe('text/csv');
    expect(sniffContentType(bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    for (const active of ['text/html', 'image/svg+xml', 'application/javascript', 'text/xml', 'nonsense']) {
      expect(sniffContentType(bytes, active)).toBe('application/octet-stream');
    }
  });
});

describe('zip names', () => {
  it('keeps entries inside the archive', () => {
    expect(entryName('../../etc/passwd')).toBe('passwd');
    expect(entryName('C:\\Users\\me\\irb.pdf')).toBe('irb.pdf');
    expect(entryName('..')).toBe('file');
    expect(entryName('bad\u0000name.pdf')).toBe('badname.pdf');
  });

  it('numbers duplicate names like a desktop does', () => {
    expect(uniqueEntryNames(['irb.pdf', 'IRB.pdf', 'irb.pdf', 'notes'])).toEqual([
      'irb.pdf',
      'IRB (2).pdf',
      'irb (3).pdf',
      'notes',
    ]);
  });

  it('names the download safely and always as a zip', () => {
    expect(zipFileName(undefined)).toBe('files.zip');
    expect(zipFileName('project 7')).toBe('project 7.zip');
    expect(zipFileName('docs.ZIP')).toBe('docs.ZIP');
    expect(zipFileName('../a"b.zip')).toBe('a_b.zip');
  });
});

describe('zips', () => {
  it('streams the files it is given into one archive, opening one at a time', async () => {
    const opened: string[] = [];
    const source = (name: string, text: string) => ({
      name,
      contentType: 'text/plain',
      open: async () => {
        opened.push(name);
        return Readable.from([Buffer.from(text)]);
      },
    });
    const stream = zipStream([source('a.txt', 'first'), source('a.txt', 'second'), source('b.pdf', 'x')]);
    expect(opened.length).toBeLessThanOrEqual(1);
    const archive = await collect(stream);
    expect(opened).toEqual(['a.txt', 'a.txt', 'b.pdf']);
    expect(await listZipEntries(archive)).toEqual([
      { title: 'a.txt', is_dir: false },
      { title: 'a (2).txt', is_dir: false },
      { title: 'b.pdf', is_dir: false },
    ]);
  });

  it('ends the stream with an error when a file cannot be read', async () => {
    const stream = zipStream([
      { name: 'gone.pdf', contentType: 'application/pdf', open: () => Promise.reject(new Error('missing')) },
    ]);
    await expect(collect(stream)).rejects.toThrow('missing');
  });

  it('lists an archive from its central directory only', async () => {
    const archive = await sampleZip();
    const reader = rangeReader(archive);
    expect(await listZipEntries(reader)).toEqual([
      { title: 'data/', is_dir: true },
      { title: 'data/table.csv', is_dir: false },
      { title: 'README.txt', is_dir: false },
    ]);
    expect(await listZipEntries(reader, 2)).toHaveLength(2);
  });

  it('reads only the end of a large archive to list it', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(randomBytes(2 * 1024 * 1024), 'scan.bin', { compress: false });
    zip.end();
    const reader = rangeReader(await collect(zip.outputStream));
    expect(await listZipEntries(reader)).toEqual([{ title: 'scan.bin', is_dir: false }]);
    expect(reader.bytesRead).toBeLessThan(128 * 1024);
  });

  it('refuses bytes that are not an archive', async () => {
    await expect(listZipEntries(Buffer.from('%PDF-1.7 not a zip'))).rejects.toThrow();
    await expect(listZipEntries(rangeReader(Buffer.from('short')))).rejects.toThrow();
  });
});
