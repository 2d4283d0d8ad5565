import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { columnLetters, writeXlsx } from './xlsxStream.ts';

async function write(rows: object[][], name = '里程报表') {
  const chunks: Buffer[] = [];
  async function* windows() {
    for (const w of rows) yield w;
  }
  const count = await writeXlsx((c) => chunks.push(c), {
    name,
    rows: windows(),
    columns: [
      { header: '车牌号', key: 'plate', width: 14 },
      { header: '里程(km)', key: 'km' },
      { header: '备注', key: 'note' },
      { header: '在线', key: 'online' },
    ],
  });
  return { count, bytes: Buffer.concat(chunks), chunks: chunks.length };
}

describe('streamed xlsx', () => {
  it('is a valid zip (every CRC checked) that Excel readers open with the rows as written', async () => {
    const { count, bytes, chunks } = await write([
      [
        { plate: '粤B12345', km: 12.5, note: 'a < b & "c" > d', online: true },
        { plate: '粤B2\u0001', km: 0, note: '', online: false },
      ],
      Array.from({ length: 3000 }, (_, i) => ({ plate: `京A${i}`, km: i / 4, note: i % 2 ? ' 首尾空格 ' : null })),
    ]);
    expect(count).toBe(3002);
    expect(chunks).toBeGreaterThan(7); // written as it went, not as one buffer at the end
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    expect(Object.keys(zip.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('里程报表');
    expect(sheet.rowCount).toBe(3003);
    expect(sheet.getRow(1).values).toEqual([undefined, '车牌号', '里程(km)', '备注', '在线']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getRow(2).values).toEqual([undefined, '粤B12345', 12.5, 'a < b & "c" > d', true]);
    // A control character XML cannot carry is dropped; empty cells stay empty; numbers stay numbers.
    expect(sheet.getRow(3).values).toEqual([undefined, '粤B2', 0, undefined, false]);
    expect(sheet.getRow(3003).values).toEqual([undefined, '京A2999', 749.75, ' 首尾空格 ']);
    expect(sheet.getColumn(1).width).toBe(14);
  });

  it('writes an instant as Beijing time, as the pages show it', async () => {
    const { bytes } = await write([[{ plate: '粤B1', km: 1, note: new Date('2026-05-01T16:30:05Z') }]]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(2).getCell(3).value).toBe('2026-05-02 00:30:05');
  });

  it('names columns as Excel does and keeps sheet names Excel accepts', async () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    const { bytes } = await write([[]], '报表/2026:05*很长很长很长很长很长很长很长很长很长很长很长很长');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0].name).toBe('报表 2026 05 很长很长很长很长很长很长很长很长很长很长很长很长'.slice(0, 31));
    expect(book.worksheets[0].rowCount).toBe(1);
  });
});
