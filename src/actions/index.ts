// The actions on one app that every door takes (the command, the agent tool, the task where
// it names one), one descriptor per file: adding one is a file and a line here.
import type { AppAction } from '../kit/appAction';
import { rebuild } from './rebuild';
import { rollback } from './rollback';
import { scale } from './scale';
import { restart } from './restart';
import { start } from './start';
import { stop } from './stop';

export const APP_ACTIONS: readonly AppAction[] = [start, stop, restart, rebuild, scale, rollback];
