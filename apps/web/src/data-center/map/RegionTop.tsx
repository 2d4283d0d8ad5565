import type { RegionCount } from '@chelian/contracts';
import { D } from '../messages.ts';

/** The areas with the most vehicles, beside the map. */
export function RegionTop({ regions, limit = 10 }: { regions: readonly RegionCount[]; limit?: number }) {
  return (
    <div className="dc-region-top" data-testid="dc-region-top">
      <div className="dc-region-top-title">{D.regionTop}</div>
      {regions.length === 0 ? (
        <div className="dc-empty">{D.empty}</div>
      ) : (
        <ol>
          {regions.slice(0, limit).map((r, i) => (
            <li key={`${r.province}/${r.area}`} data-testid="dc-region-row">
              <span className={i < 3 ? 'dc-rank dc-rank-top' : 'dc-rank'}>{i + 1}</span>
              <span className="dc-region-name" title={r.province}>
                {r.province === r.area
                  ? r.area
                  : `${r.province.replace(/(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)$/, '')} · ${r.area}`}
              </span>
              <span className="dc-region-count">
                {r.vehicles}
                <small> / {r.online}</small>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="dc-region-note">{`${D.columns.vehicles} / ${D.columns.online}`}</div>
    </div>
  );
}
