/** The row-by-row check of an import sheet (vehicles, terminals, 新国标 bikes, card staff): zh-CN text. */
export const importCheckMessages = {
  summary: (total: number, valid: number, invalid: number) => `共 ${total} 行：${valid} 行可以导入，${invalid} 行有误`,
  allGood: '全部校验通过，可以导入',
  fixFirst: '请修改有误的行后重新选择文件，有误时不会写入任何数据',
  onlyErrors: '只看有误的行',
  row: '行号',
  terminal: '设备号',
  plate: '车牌号',
  result: '校验结果',
  ok: '通过',
};
