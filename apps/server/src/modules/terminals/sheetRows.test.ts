import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { readSheet } from './sheetRows.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n\x00\x01', 'latin1');

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('设备').addRows([
    ['IMEI', '型号'],
    ['868120145233604', 'GT06'],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('an import sheet is read by its content, not its name', () => {
  it('reads an xlsx whatever it is called, and a CSV (UTF-8 or GBK text)', async () => {
    for (const name of ['设备.xlsx', '设备.csv', 'upload.bin'])
      expect(await readSheet(await xlsx(), name)).toEqual([
        ['IMEI', '型号'],
        ['868120145233604', 'GT06'],
      ]);
    expect(await readSheet(Buffer.from('IMEI,型号\r\n868120145233604,GT06\r\n'), '设备.csv')).toEqual([
      ['IMEI', '型号'],
      ['868120145233604', 'GT06'],
    ]);
  });

  it('refuses an image, a PDF or random bytes called .csv, and text called .xlsx', async () => {
    for (const [bytes, name] of [
      [PNG, '设备.csv'],
      [PDF, '设备.csv'],
      [Buffer.from([0, 1, 2, 3, 4, 5, 0xff]), 'x.csv'],
      [Buffer.from('IMEI\n1'), '设备.xlsx'],
    ] as const) {
      await expect(readSheet(bytes, name)).rejects.toMatchObject({ entry: TERMINAL_ERRORS.fileUnreadable });
    }
  });
});
