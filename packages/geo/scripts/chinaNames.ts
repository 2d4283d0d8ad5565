// Province-level names and codes for echarts 4.9.0's China data. Its files are named in
// pinyin and its province names are short ("广西"); addresses need the full official name.

export interface ProvinceInfo {
  /** The file under echarts4/map/json/province/, without ".json". */
  readonly file: string;
  /** First two digits of the GB/T 2260 administrative division code. */
  readonly code: string;
  readonly fullName: string;
  /**
   * Municipalities and special administrative regions have no prefecture-level cities: their
   * files hold districts, and the province name also serves as the city.
   */
  readonly childrenAreDistricts: boolean;
}

export const PROVINCES: readonly ProvinceInfo[] = [
  { file: 'beijing', code: '11', fullName: '北京市', childrenAreDistricts: true },
  { file: 'tianjin', code: '12', fullName: '天津市', childrenAreDistricts: true },
  { file: 'hebei', code: '13', fullName: '河北省', childrenAreDistricts: false },
  { file: 'shanxi', code: '14', fullName: '山西省', childrenAreDistricts: false },
  { file: 'neimenggu', code: '15', fullName: '内蒙古自治区', childrenAreDistricts: false },
  { file: 'liaoning', code: '21', fullName: '辽宁省', childrenAreDistricts: false },
  { file: 'jilin', code: '22', fullName: '吉林省', childrenAreDistricts: false },
  { file: 'heilongjiang', code: '23', fullName: '黑龙江省', childrenAreDistricts: false },
  { file: 'shanghai', code: '31', fullName: '上海市', childrenAreDistricts: true },
  { file: 'jiangsu', code: '32', fullName: '江苏省', childrenAreDistricts: false },
  { file: 'zhejiang', code: '33', fullName: '浙江省', childrenAreDistricts: false },
  { file: 'anhui', code: '34', fullName: '安徽省', childrenAreDistricts: false },
  { file: 'fujian', code: '35', fullName: '福建省', childrenAreDistricts: false },
  { file: 'jiangxi', code: '36', fullName: '江西省', childrenAreDistricts: false },
  { file: 'shandong', code: '37', fullName: '山东省', childrenAreDistricts: false },
  { file: 'henan', code: '41', fullName: '河南省', childrenAreDistricts: false },
  { file: 'hubei', code: '42', fullName: '湖北省', childrenAreDistricts: false },
  { file: 'hunan', code: '43', fullName: '湖南省', childrenAreDistricts: false },
  { file: 'guangdong', code: '44', fullName: '广东省', childrenAreDistricts: false },
  { file: 'guangxi', code: '45', fullName: '广西壮族自治区', childrenAreDistricts: false },
  { file: 'hainan', code: '46', fullName: '海南省', childrenAreDistricts: false },
  { file: 'chongqing', code: '50', fullName: '重庆市', childrenAreDistricts: true },
  { file: 'sichuan', code: '51', fullName: '四川省', childrenAreDistricts: false },
  { file: 'guizhou', code: '52', fullName: '贵州省', childrenAreDistricts: false },
  { file: 'yunnan', code: '53', fullName: '云南省', childrenAreDistricts: false },
  { file: 'xizang', code: '54', fullName: '西藏自治区', childrenAreDistricts: false },
  { file: 'shanxi1', code: '61', fullName: '陕西省', childrenAreDistricts: false },
  { file: 'gansu', code: '62', fullName: '甘肃省', childrenAreDistricts: false },
  { file: 'qinghai', code: '63', fullName: '青海省', childrenAreDistricts: false },
  { file: 'ningxia', code: '64', fullName: '宁夏回族自治区', childrenAreDistricts: false },
  { file: 'xinjiang', code: '65', fullName: '新疆维吾尔自治区', childrenAreDistricts: false },
  { file: 'taiwan', code: '71', fullName: '台湾省', childrenAreDistricts: false },
  { file: 'xianggang', code: '81', fullName: '香港特别行政区', childrenAreDistricts: true },
  { file: 'aomen', code: '82', fullName: '澳门特别行政区', childrenAreDistricts: true },
];

export const COUNTRY_CHINA_ZH = '中国';

/** Feature names in the echarts files that are not plain place names. */
export const CITY_NAME_FIXES: Readonly<Record<string, string>> = {
  中国属钓鱼岛: '钓鱼岛',
};
