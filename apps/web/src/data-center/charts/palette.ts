/** The two looks of the data centre: the light pages of the product and the dark 大屏. */
export interface Palette {
  text: string;
  subtle: string;
  axis: string;
  split: string;
  series: string[];
  /** the map's fill from few vehicles to many */
  mapRange: [string, string];
  mapEmpty: string;
  mapBorder: string;
  tooltip: { backgroundColor: string; borderColor: string; textStyle: { color: string } };
}

export const LIGHT: Palette = {
  text: '#1f2329',
  subtle: '#646a73',
  axis: '#c9cdd4',
  split: '#eef0f3',
  series: ['#1265e0', '#18a058', '#f5a623', '#e5484d', '#7c5cfc', '#13c2c2', '#eb2f96', '#8c939d'],
  mapRange: ['#d6e6ff', '#1265e0'],
  mapEmpty: '#f2f4f7',
  mapBorder: '#ffffff',
  tooltip: { backgroundColor: 'rgba(255,255,255,0.96)', borderColor: '#e5e6eb', textStyle: { color: '#1f2329' } },
};

export const DARK: Palette = {
  text: '#e6f4ff',
  subtle: '#8fb3d9',
  axis: '#2b4a6f',
  split: 'rgba(64, 128, 200, 0.15)',
  series: ['#38bdf8', '#34d399', '#fbbf24', '#f87171', '#a78bfa', '#22d3ee', '#f472b6', '#94a3b8'],
  mapRange: ['#0e3a66', '#22d3ee'],
  mapEmpty: '#0b2540',
  mapBorder: '#1f5f99',
  tooltip: { backgroundColor: 'rgba(6, 24, 48, 0.92)', borderColor: '#1f5f99', textStyle: { color: '#e6f4ff' } },
};
