import { configEditing } from '../editors/registerConfigEditing';
import type { Services } from '../services';
import type { AppRef } from '../model';

/**
 * After a config write from a command: the Config group, Releases (each config change
 * is a release) and open config.env tabs without unsaved edits show the new state.
 */
export function changed(s: Services, app: AppRef): void {
  s.treeService.reloadPart(app, 'config');
  s.treeService.reloadPart(app, 'releases');
  configEditing(s).fileSystem.serverChanged(app, 'config');
}
