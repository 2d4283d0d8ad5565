import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Input, Progress, Radio, Select, Space, Tooltip } from 'antd';
import {
  mapSettingsEndpoints,
  type AddressProviderName,
  type BasemapKind,
  type CoordSystem,
  type MapSettingsTestResult,
  type MapSettingsView,
  type PermissionCode,
} from '@chelian/contracts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { useSaving } from '../../shared/request/useSaving.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';

const M = S.mapSettings;
const EDIT: PermissionCode = 'system:mapSettings:edit';
const BASEMAPS: BasemapKind[] = ['offline', 'offlineStreet', 'amap', 'tianditu', 'baidu', 'custom'];
const PROVIDERS: AddressProviderName[] = ['offline', 'offlineStreet', 'amap', 'tianditu', 'baidu'];
/** The basemaps that take a key (高德's tiles need none). */
const TILE_KEYS = new Set<BasemapKind>(['tianditu', 'custom']);
const isRaster = (url: string) => /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url);

interface Draft {
  basemapKind: BasemapKind;
  basemapUrl: string;
  coordSystem: CoordSystem;
  /** undefined: keep the stored key; '': clear it */
  tileApiKey?: string;
  addressProvider: AddressProviderName;
  addressApiKey?: string;
}

const draftOf = (v: MapSettingsView): Draft => ({
  basemapKind: v.basemap.kind,
  basemapUrl: v.basemap.url,
  coordSystem: v.basemap.coordSystem,
  addressProvider: v.address.provider,
});

/** A key field: blank keeps the stored key; a tick clears it. */
function KeyInput(props: {
  set: boolean;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  placeholder: string;
  testId: string;
}) {
  const { set, value, onChange, placeholder, testId } = props;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Input.Password
        value={value ?? ''}
        placeholder={set ? M.keySet : placeholder}
        autoComplete="new-password"
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.trim())}
        data-testid={testId}
        style={{ maxWidth: 420 }}
      />
      {set && (
        <Checkbox checked={value === ''} onChange={(e) => onChange(e.target.checked ? '' : undefined)}>
          {M.keyClear}
        </Checkbox>
      )}
    </Space>
  );
}

function TestResult({ result }: { result: MapSettingsTestResult | null }) {
  if (!result) return null;
  return (
    <Alert
      type={result.ok ? 'success' : 'error'}
      showIcon
      message={result.message}
      data-testid="map-settings-result"
      style={{ marginTop: 8 }}
    />
  );
}

/** 系统管理 › 地图设置 (docs/maps.md): the platform administrator's basemap and address provider. */
export function MapSettingsPage() {
  const [view, setView] = useState<MapSettingsView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tileTest, setTileTest] = useState<MapSettingsTestResult | null>(null);
  const [addressTest, setAddressTest] = useState<MapSettingsTestResult | null>(null);
  const [testing, setTesting] = useState<'basemap' | 'address' | null>(null);
  const { saving, run } = useSaving();
  const canEdit = usePermission(EDIT);

  const load = useCallback(() => {
    call(mapSettingsEndpoints.get)
      .then((v) => (setView(v), setDraft(draftOf(v))))
      .catch(() => {});
  }, []);
  useEffect(load, [load]);

  if (!view || !draft) return <div className="sys-page" data-testid="system-map-settings" />;
  const patch = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  const street = view.streetMap;
  const streetText =
    street.state === 'importing'
      ? M.street.importing(Math.round((street.progress ?? 0) * 100), street.message ?? '')
      : street.state === 'ready'
        ? M.street.ready(street.message ?? '')
        : street.state === 'failed'
          ? M.street.failed(street.message ?? '')
          : M.street.none;

  const test = async (target: 'basemap' | 'address') => {
    setTesting(target);
    const input =
      target === 'basemap'
        ? { target, name: draft.basemapKind, url: draft.basemapUrl, ...(draft.tileApiKey ? { apiKey: draft.tileApiKey } : {}) }
        : { target, name: draft.addressProvider, ...(draft.addressApiKey ? { apiKey: draft.addressApiKey } : {}) };
    const result = await call(mapSettingsEndpoints.test, input).catch(() => null);
    (target === 'basemap' ? setTileTest : setAddressTest)(result);
    setTesting(null);
  };

  const save = () =>
    run(async () => {
      const saved = await call(mapSettingsEndpoints.save, draft);
      setView(saved);
      setDraft(draftOf(saved));
      toast.success(M.saved);
    });

  const basemapOption = (kind: BasemapKind) => {
    const disabled = (kind === 'offlineStreet' && street.state !== 'ready') || kind === 'baidu';
    const radio = (
      <Radio value={kind} disabled={disabled} data-testid={`map-settings-basemap-${kind}`}>
        {M.kinds[kind]}
      </Radio>
    );
    return kind === 'baidu' ? (
      <Tooltip key={kind} title={M.baiduBasemap}>
        {radio}
      </Tooltip>
    ) : (
      <span key={kind}>{radio}</span>
    );
  };
  const vectorStyle = draft.basemapKind === 'custom' && draft.basemapUrl !== '' && !isRaster(draft.basemapUrl);

  return (
    <div className="sys-page" data-testid="system-map-settings">
      <section className="sys-main">
        <div className="sys-toolbar">
          <span className="sys-toolbar-title">{M.title}</span>
          <span className="sys-muted">{M.help}</span>
        </div>
        {view.source === 'env' && <Alert type="info" showIcon message={M.source.env} style={{ marginBottom: 12 }} />}
        <Card size="small" title={M.basemap} style={{ marginBottom: 12 }}>
          <Space direction="vertical" size={10} style={{ width: '100%' }}>
            <Radio.Group
              value={draft.basemapKind}
              onChange={(e) => (patch({ basemapKind: e.target.value, tileApiKey: undefined }), setTileTest(null))}
            >
              {BASEMAPS.map(basemapOption)}
            </Radio.Group>
            <span className="sys-muted" data-testid="map-settings-street-state">
              {M.kinds.offlineStreet}：{streetText}
            </span>
            {street.state === 'importing' && (
              <Progress percent={Math.round((street.progress ?? 0) * 100)} size="small" style={{ maxWidth: 420 }} />
            )}
            {draft.basemapKind === 'custom' && (
              <>
                <Input
                  value={draft.basemapUrl}
                  placeholder="https://tile.example.com/{z}/{x}/{y}.png"
                  onChange={(e) => patch({ basemapUrl: e.target.value })}
                  addonBefore={M.url}
                  data-testid="map-settings-url"
                />
                <span className="sys-muted">{M.urlHelp}</span>
                <Space>
                  <span>{M.coordSystem}</span>
                  <Select<CoordSystem>
                    value={draft.coordSystem}
                    style={{ width: 300 }}
                    onChange={(coordSystem) => patch({ coordSystem })}
                    options={(['wgs84', 'gcj02', 'bd09'] as const).map((c) => ({ value: c, label: M.coordSystems[c] }))}
                    data-testid="map-settings-coord"
                  />
                </Space>
              </>
            )}
            {draft.basemapKind === 'amap' && <span className="sys-muted">{M.amapNoKey}</span>}
            {TILE_KEYS.has(draft.basemapKind) && (
              <>
                <KeyInput
                  set={Boolean(view.basemap.keySet[draft.basemapKind])}
                  value={draft.tileApiKey}
                  onChange={(tileApiKey) => patch({ tileApiKey })}
                  placeholder={M.keyKinds[draft.basemapKind]}
                  testId="map-settings-tile-key"
                />
                <span className="sys-muted">{vectorStyle ? M.vectorKeyNote : M.tileKeyNote}</span>
              </>
            )}
            <div>
              <Button
                onClick={() => test('basemap')}
                loading={testing === 'basemap'}
                disabled={!canEdit}
                data-testid="map-settings-test-basemap"
              >
                {M.test}
              </Button>
              <TestResult result={tileTest} />
            </div>
          </Space>
        </Card>
        <Card size="small" title={M.address} style={{ marginBottom: 12 }}>
          <Space direction="vertical" size={10} style={{ width: '100%' }}>
            <Radio.Group
              value={draft.addressProvider}
              onChange={(e) => (patch({ addressProvider: e.target.value, addressApiKey: undefined }), setAddressTest(null))}
            >
              {PROVIDERS.map((p) => (
                <Radio key={p} value={p} disabled={!view.availableProviders.includes(p)} data-testid={`map-settings-address-${p}`}>
                  {M.providers[p]}
                  {!view.availableProviders.includes(p) && <span className="sys-muted">（{M.unavailable}）</span>}
                </Radio>
              ))}
            </Radio.Group>
            {['amap', 'tianditu', 'baidu'].includes(draft.addressProvider) && (
              <>
                <KeyInput
                  set={Boolean(view.address.keySet[draft.addressProvider])}
                  value={draft.addressApiKey}
                  onChange={(addressApiKey) => patch({ addressApiKey })}
                  placeholder={M.keyKinds[draft.addressProvider]}
                  testId="map-settings-address-key"
                />
                <span className="sys-muted">{M.addressKeyNote}</span>
              </>
            )}
            <div>
              <Button
                onClick={() => test('address')}
                loading={testing === 'address'}
                disabled={!canEdit}
                data-testid="map-settings-test-address"
              >
                {M.test}
              </Button>
              <TestResult result={addressTest} />
            </div>
          </Space>
        </Card>
        <Space>
          {canEdit && (
            <Button type="primary" onClick={save} loading={saving} data-testid="map-settings-save">
              {M.save}
            </Button>
          )}
          {view.updated > 0 && <span className="sys-muted">{M.updated(view.updatedBy, beijingDateTime(view.updated))}</span>}
        </Space>
      </section>
    </div>
  );
}
