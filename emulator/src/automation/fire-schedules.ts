/**
 * Fires the schedules of enabled configs: every due instant of a config's cron (in its time
 * zone, within its start and end) since its schedule was last fired, up to the clock's now,
 * becomes an execution started at that instant, run as the config's creator. Schedules are
 * fired whenever an automation operation is served, before it answers, so a driven clock
 * (state/emulator-clock.ts) and the executions it brings are always in step.
 */
import type { RouteContext } from '../http/route-context';
import type { AutomationConfigRecord } from '../state/automations';
import { startExecution } from './run-execution';
import { dueInstants, readInstant } from '../../../language/src/schedule/index';

type Services = Pick<RouteContext, 'data' | 'engine' | 'state'>;

export function fireSchedules(services: Services): void {
  const now = services.state.clock.now();
  for (const config of [...services.state.automations.configs]) {
    if (config.enabled && now > config.scheduledThrough) {
      for (const instant of dueInstants(scheduleOf(config), config.scheduledThrough, now)) {
        startExecution(services, config, config.creator.user.id, instant);
      }
    }
    config.scheduledThrough = Math.max(config.scheduledThrough, now);
  }
}

function scheduleOf(config: AutomationConfigRecord): Parameters<typeof dueInstants>[0] {
  return {
    cron: config.cronTimer,
    timeZone: config.timeZone,
    ...(config.startDateTime === undefined ? {} : { start: readInstant(config.startDateTime) }),
    ...(config.endDateTime === undefined ? {} : { end: readInstant(config.endDateTime) }),
  };
}
