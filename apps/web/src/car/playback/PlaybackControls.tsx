import { Button, Select, Slider, Tooltip } from 'antd';
import { CaretRightOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import { M } from '../messages.ts';
import { SPEEDS, usePlayer, type Player } from './player.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

/** Play, pause, speed and the scrubber over the track's time span. */
export function PlaybackControls({ player, start, end, disabled }: { player: Player; start: number; end: number; disabled: boolean }) {
  const s = usePlayer(player);
  const finished = s.time >= end && end > start;
  return (
    <div
      className="cl-map-float car-playback-controls"
      data-testid="playback-controls"
      data-playing={s.playing}
      data-time={Math.round(s.time)}
    >
      <Tooltip title={s.playing ? M.playback.pause : finished ? M.playback.replay : M.playback.play}>
        <Button
          type="primary"
          shape="circle"
          disabled={disabled}
          data-testid="playback-toggle"
          icon={s.playing ? <PauseOutlined /> : finished ? <ReloadOutlined /> : <CaretRightOutlined />}
          onClick={() => (s.playing ? player.pause() : player.play())}
        />
      </Tooltip>
      <Slider
        className="car-playback-slider"
        min={start}
        max={Math.max(end, start + 1)}
        value={s.time}
        disabled={disabled}
        tooltip={{ formatter: (v) => (v ? beijingDateTime(v) : '') }}
        onChange={(v: number) => player.seek(v)}
        data-testid="playback-slider"
      />
      <span className="car-playback-time">{disabled ? '--' : beijingDateTime(s.time)}</span>
      <Select
        size="small"
        value={s.speed}
        style={{ width: 78 }}
        options={SPEEDS.map((v) => ({ value: v, label: `${v}×` }))}
        onChange={(v: number) => player.setSpeed(v)}
        data-testid="playback-speed"
        aria-label={M.playback.speed}
      />
    </div>
  );
}
