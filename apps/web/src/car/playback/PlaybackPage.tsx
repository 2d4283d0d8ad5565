import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { MAX_TRACK_DAYS, playbackEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { fitPoints } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { RouteLayer } from '../map/layers/RouteLayer.tsx';
import { M } from '../messages.ts';
import { useElementHeight } from '../ui/useElementHeight.ts';
import { PlaybackControls } from './PlaybackControls.tsx';
import { PlaybackMarker } from './PlaybackMarker.tsx';
import { DrawnPlaces } from './DrawnPlaces.tsx';
import { padAroundOverlays } from './overlayPadding.ts';
import { PlaybackToolbar, type PlaybackQuery } from './PlaybackToolbar.tsx';
import { PointTable } from './PointTable.tsx';
import { Player } from './player.ts';
import { EMPTY_TRACK, summarize, trackBounds } from './trackAnalysis.ts';
import { durationText } from '../../shared/format/duration.ts';
import { beijingPickerValue, beijingToday, pickedInstant } from '../../shared/format/beijingTime.ts';
import { useTrack } from './useTrack.ts';

/** Room around the track within the map's padding (which already keeps clear of the summary and the player bar). */
const FIT_AIR_PX = 32;

/** A time parameter: epoch ms or 'YYYY-MM-DD HH:mm[:ss]' Beijing time, as a picker value. */
const timeParam = (v: string | null) => (v ? (/^\d+$/.test(v) ? beijingPickerValue(Number(v)) : dayjs(v)) : null);

/**
 * 轨迹回放 (/car/playback?vehicleId=&start=&end=, opened in a new tab with urlType=blank):
 * the route with stops and overspeed stretches, a player, mileage, the point table, Excel export.
 */
export function PlaybackPage() {
  const [params, setParams] = useSearchParams();
  const start = timeParam(params.get('start'));
  const end = timeParam(params.get('end'));
  const [query, setQuery] = useState<PlaybackQuery>(() => ({
    vehicleId: Number(params.get('vehicleId')) || null,
    range: [start?.isValid() ? start : beijingToday(), end?.isValid() ? end : beijingPickerValue()],
    stopMinutes: 5,
    overspeedKmh: 100,
  }));
  const { track: loaded, loading, stats, load } = useTrack();
  const track = loaded ?? EMPTY_TRACK;
  const loadMs = stats.fetchMs + stats.decodeMs;
  const [exporting, setExporting] = useState(false);
  const player = useMemo(() => new Player(0, 0), []);
  const [fit, setFit] = useState(0);
  const [tableBox, tableHeight] = useElementHeight<HTMLDivElement>();
  const summary = useMemo(() => summarize(track, query), [track, query.stopMinutes, query.overspeedKmh]); // eslint-disable-line react-hooks/exhaustive-deps
  const count = track.length;
  const first = count ? track.time[0] : 0;
  const last = count ? track.time[count - 1] : 0;
  const searched = useRef(false);
  const [loads, setLoads] = useState(0);

  const search = async () => {
    if (!query.vehicleId) return;
    const [s, e] = query.range;
    if (e.diff(s, 'day', true) > MAX_TRACK_DAYS) return void toast.error(M.playback.tooLong);
    setParams(
      { ...Object.fromEntries(params), vehicleId: String(query.vehicleId), start: String(pickedInstant(s)), end: String(pickedInstant(e)) },
      { replace: true },
    );
    const result = await load(query.vehicleId, pickedInstant(s), pickedInstant(e));
    if (!result) return;
    player.reset(result.length ? result.time[0] : 0, result.length ? result.time[result.length - 1] : 0);
    setFit((n) => n + 1);
    setLoads((n) => n + 1);
    if (result.length === 0) toast.info(M.playback.noPoints);
  };

  // A deep link with a vehicle queries at once.
  useEffect(() => {
    if (query.vehicleId && !searched.current) {
      searched.current = true;
      void search();
    }
  });

  useEffect(() => () => player.pause(), [player]);

  const exportExcel = async () => {
    if (!loaded || !query.vehicleId) return;
    setExporting(true);
    try {
      const input = {
        vehicleId: query.vehicleId,
        start: pickedInstant(query.range[0]),
        end: pickedInstant(query.range[1]),
        overspeedKmh: query.overspeedKmh,
      };
      await call(playbackEndpoints.exportTrack, input, { fileName: M.playback.fileName(loaded.plate || loaded.terminalId) });
    } catch {
      /* the request layer has shown why */
    } finally {
      setExporting(false);
    }
  };

  return (
    <div
      className="car-page-full car-playback"
      data-testid="car-playback"
      data-points={count}
      data-loads={loads}
      data-load-ms={Math.round(loadMs)}
      data-fetch-ms={Math.round(stats.fetchMs)}
      data-decode-ms={Math.round(stats.decodeMs)}
      data-bytes={stats.bytes}
    >
      <PlaybackToolbar
        query={query}
        onChange={setQuery}
        onSearch={search}
        onExport={exportExcel}
        loading={loading}
        exporting={exporting}
        canExport={count > 0}
      />
      <div className="car-playback-body">
        <MapView testId="playback-map">
          <RouteLayer track={track} stops={summary.stops} overspeeds={summary.overspeeds} />
          {count > 0 && <PlaybackMarker player={player} track={track} />}
          {/* the track is framed, and the vehicle kept, in the part of the map the summary and the player bar leave free */}
          <MapCommand deps={[count > 0, fit]} run={padAroundOverlays} />
          <MapCommand deps={[fit]} run={(map) => fit > 0 && fitPoints(map, trackBounds(track) ?? [], FIT_AIR_PX)} />
          {count > 0 && <DrawnPlaces track={track} player={player} />}
          {count > 0 && (
            <div className="cl-map-float car-playback-summary" data-testid="playback-summary">
              <Statistic title={M.playback.mileage} value={summary.distanceKm} precision={2} suffix={M.common.km} />
              <Statistic title={M.playback.duration} value={durationText(summary.durationMs)} />
              <Statistic title={M.playback.points} value={count} />
              <Statistic title={M.playback.stops} value={summary.stops.length} />
              <Statistic
                title={M.playback.overspeed}
                value={summary.overspeeds.length}
                valueStyle={summary.overspeeds.length ? { color: '#e5484d' } : undefined}
              />
              <div className="car-playback-loaded">{M.playback.loaded(count, loadMs)}</div>
            </div>
          )}
          <PlaybackControls player={player} start={first} end={last} disabled={count === 0} />
        </MapView>
      </div>
      <div className="car-playback-table" ref={tableBox}>
        {loaded ? (
          <PointTable track={track} summary={summary} height={tableHeight} onSeek={(t) => player.seek(t)} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={loading ? M.playback.loadingTrack : M.common.selectVehicle}
            style={{ marginTop: 40 }}
          />
        )}
      </div>
    </div>
  );
}
