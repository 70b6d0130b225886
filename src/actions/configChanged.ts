import { configEditing } from '../editors/registerConfigEditing';
import type { Core } from '../core';
import type { AppRef } from '../model';

/**
 * After a config write from a command: the Config group, Releases (each config change
 * is a release) and open config.env tabs without unsaved edits show the new state.
 */
export function changed(s: Core, app: AppRef): void {
  s.tree.reloadPart(app, 'config');
  s.tree.reloadPart(app, 'releases');
  configEditing(s).fileSystem.serverChanged(app, 'config');
}
