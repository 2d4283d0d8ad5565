import type { FastifyInstance } from 'fastify';
import { elecCarEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { containsPattern } from '../../db/likeText.ts';
import { filterSpan, reportFilter } from '../reports/reports.service.ts';
import { sendCommands } from '../commands/commands.service.ts';
import { visibleTerminals } from '../terminals/terminals.service.ts';
import { bikesQueries } from './bikes.queries.ts';
import { presentBike, presentPowerOrder } from './bikes.presenter.ts';
import { powerOrdersQueries } from './powerOrders.queries.ts';
import { bindBike, saveSettings, unbindBike, updateBike, visibleBike } from './bikes.service.ts';
import { ACTION_ZH, CONTROL_EXPIRE_MINUTES, actionOf, controlBike, vibrationCommand } from './control.service.ts';
import { alarmSwitches, bikeAlarms, bikeFences, bikeTrips, bindFence, saveAlarmSwitch } from './elecCarExtras.service.ts';
import { bikeBattery } from './battery.service.ts';

/** 电单车卫士: my bikes, status and controls (the safe power cut), settings, trips, fences, alarms, battery. */
export const elecCarRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { db, bus } = ctx;
  const detail = async (user: ReturnType<typeof caller>, bikeId: number) => presentBike(await visibleBike(db, user, bikeId));

  route(app, elecCarEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await bikesQueries.page(
      db,
      terminalScope(caller(request)),
      containsPattern(query.keyword),
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(
      win,
      total,
      rows.map((r) => presentBike(r)),
    );
  });

  route(app, elecCarEndpoints.detail, async (query, request) => detail(caller(request), query.bikeId));

  route(app, elecCarEndpoints.bind, async (body, request) => {
    const user = caller(request);
    const bikeId = await bindBike(db, bus, user, body);
    const bike = await detail(user, bikeId);
    auditChange(request, {
      objectType: '电单车',
      objectId: bikeId,
      after: { terminalId: bike.terminalId, plate: bike.plate, brand: bike.brand, model: bike.model },
    });
    return bike;
  });

  route(app, elecCarEndpoints.update, async (body, request) => {
    const user = caller(request);
    await updateBike(db, bus, user, body);
    auditChange(request, { objectType: '电单车', objectId: body.bikeId });
    return detail(user, body.bikeId);
  });

  route(app, elecCarEndpoints.unbind, async (body, request) => {
    await unbindBike(db, bus, caller(request), body.bikeId);
    auditChange(request, { objectType: '电单车', objectId: body.bikeId });
    return { bikeId: body.bikeId };
  });

  route(app, elecCarEndpoints.control, async (body, request) => {
    const user = caller(request);
    const action = actionOf(body.action);
    const bike = await visibleBike(db, user, body.bikeId);
    const answer = await controlBike(db, bus, user, bike, action);
    auditChange(request, {
      objectType: '电单车',
      objectId: bike.id,
      after: { action: ACTION_ZH[action], status: answer.status, orderId: answer.orderId, commandId: answer.commandId },
    });
    return answer;
  });

  route(app, elecCarEndpoints.cancelCut, async (body, request) => {
    const bike = await visibleBike(db, caller(request), body.bikeId);
    const cancelled =
      bike.terminal_pk === null
        ? 0
        : await powerOrdersQueries.cancelPending(db, bike.terminal_pk, `${caller(request).username} 取消了待执行的断电`);
    auditChange(request, { objectType: '电单车', objectId: bike.id, after: { cancelled } });
    return { cancelled };
  });

  route(app, elecCarEndpoints.powerOrders, async (query, request) => {
    const bike = await visibleBike(db, caller(request), query.bikeId);
    const win = pageWindow(query);
    const { total, rows } = await powerOrdersQueries.page(db, bike.id, bike.account_id, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentPowerOrder));
  });

  route(app, elecCarEndpoints.saveSettings, async (body, request) => {
    const user = caller(request);
    const { bike, before, after } = await saveSettings(db, bus, user, body);
    // The report interval and the vibration sensitivity are the terminal's own settings: they go
    // down as commands, through the command queue (its log names who sent them).
    if (bike.identifier && (after.reportInterval !== before.reportInterval || after.vibrationLevel !== before.vibrationLevel)) {
      const rows = await visibleTerminals(db, user, [bike.identifier]);
      if (after.reportInterval !== before.reportInterval) {
        await sendCommands(db, bus, user, rows, 'setInterval', { seconds: after.reportInterval }, CONTROL_EXPIRE_MINUTES).catch(
          () => undefined,
        );
      }
      const vibration = vibrationCommand(bike.protocol, after.vibrationLevel);
      if (after.vibrationLevel !== before.vibrationLevel && vibration) {
        await sendCommands(db, bus, user, rows, 'custom', { text: vibration }, CONTROL_EXPIRE_MINUTES).catch(() => undefined);
      }
    }
    auditChange(request, { objectType: '电单车', objectId: bike.id, before: { ...before }, after: { ...after } });
    return after;
  });

  route(app, elecCarEndpoints.trips, async (query, request) => {
    const user = caller(request);
    return bikeTrips(db, user, await visibleBike(db, user, query.bikeId), query);
  });

  route(app, elecCarEndpoints.alarms, async (query, request) => {
    const user = caller(request);
    if (query.bikeId !== undefined) await visibleBike(db, user, query.bikeId);
    const win = pageWindow(query);
    const { total, list } = await bikeAlarms(db, user, query, win.sql);
    return pageAnswer(win, total, list);
  });

  route(app, elecCarEndpoints.alarmSwitches, async (_query, request) => alarmSwitches(db, caller(request)));

  route(app, elecCarEndpoints.saveAlarmSwitch, async (body, request) =>
    saveAlarmSwitch(db, bus, caller(request), body.alarmType, body.push),
  );

  route(app, elecCarEndpoints.fences, async (query, request) => bikeFences(db, await visibleBike(db, caller(request), query.bikeId)));

  route(app, elecCarEndpoints.bindFence, async (body, request) => {
    const user = caller(request);
    const bike = await visibleBike(db, user, body.bikeId);
    auditChange(request, { objectType: '电单车', objectId: bike.id, after: { geofenceId: body.geofenceId, bound: body.bound } });
    return bindFence(db, bus, user, bike, body.geofenceId, body.bound);
  });

  route(app, elecCarEndpoints.battery, async (query, request) => {
    const user = caller(request);
    const bike = await visibleBike(db, user, query.bikeId);
    const { start, end } = filterSpan(
      await reportFilter(db, user, { vehicleId: bike.id, startDate: query.startDate, endDate: query.endDate }),
    );
    return bikeBattery(db, bike, start, end);
  });
};
