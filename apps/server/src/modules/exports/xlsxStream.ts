import { beijingDisplayText } from '@chelian/contracts/beijingTime.ts';
import { ZipStream } from './zipStream.ts';

/**
 * A one-sheet .xlsx written as its rows come: the package's fixed parts, then the sheet's XML
 * row by row through a streaming ZIP (zipStream.ts). Strings are inline (no shared-strings table,
 * which would have to hold every distinct text until the end), numbers are numbers, the header
 * row is bold and frozen. ExcelJS's own "streaming" writer keeps each sheet in memory until the
 * end and zips it whole (JSZip) — a million rows took ~500 MB — hence this writer.
 */

export type XlsxColumn = { header: string; key: string; width?: number };

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 does not allow, and the three that need escaping.
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escape = (text: string) =>
  text.replace(INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 0 → A, 25 → Z, 26 → AA */
export function columnLetters(index: number): string {
  let out = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

function cell(ref: string, value: unknown, style = ''): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = value instanceof Date ? beijingDisplayText(value.getTime()) : String(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escape(text)}</t></is></c>`;
}

/** Excel's rules for a sheet name: at most 31 characters, none of []:*?/\ */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>';
const ROOT_RELS =
  `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
// Style 0: normal; style 1: bold (the header row).
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="宋体"/><family val="2"/></font><font><b/><sz val="11"/><name val="宋体"/><family val="2"/></font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
const core = (creator: string, at: Date) =>
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<dc:creator>${escape(creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${at.toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`;

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** Windows of rows, each an object read by the columns' keys. */
  rows: AsyncIterable<object[]>;
  /** Called before each window is written (the row limit). */
  beforeWindow?: (rowsSoFar: number, window: object[]) => void;
  /** Awaited after each window is written (the sink's storage keeping up). */
  afterWindow?: () => Promise<void>;
}

/** Writes the workbook to `out`; resolves with the number of data rows once the last byte is out. */
export async function writeXlsx(out: (chunk: Buffer) => void, sheet: XlsxSheet, creator = '车联'): Promise<number> {
  const zip = new ZipStream(out);
  await zip.file('[Content_Types].xml', CONTENT_TYPES);
  await zip.file('_rels/.rels', ROOT_RELS);
  await zip.file('docProps/core.xml', core(creator, new Date()));
  await zip.file(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escape(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.file('xl/styles.xml', STYLES);

  const letters = sheet.columns.map((_, i) => columnLetters(i));
  let count = 0;
  await zip.entry('xl/worksheets/sheet1.xml', async (write) => {
    const cols = sheet.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`).join('');
    await write(
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
        `<row r="1">${sheet.columns.map((c, i) => cell(`${letters[i]}1`, c.header, ' s="1"')).join('')}</row>`,
    );
    for await (const window of sheet.rows) {
      sheet.beforeWindow?.(count, window);
      let xml = '';
      for (const row of window) {
        const r = ++count + 1;
        const values = row as Record<string, unknown>;
        xml += `<row r="${r}">`;
        for (let i = 0; i < sheet.columns.length; i++) xml += cell(`${letters[i]}${r}`, values[sheet.columns[i].key]);
        xml += '</row>';
      }
      await write(xml);
      await sheet.afterWindow?.();
    }
    await write('</sheetData></worksheet>');
  });
  zip.finish();
  return count;
}
