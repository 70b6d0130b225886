// The curated pictures of the README and the extension's page: what each shows, and
// the source files whose look it shows. `npm run screenshots` takes them and records a
// hash of those files in media/screenshots/manifest.json; a unit test fails when the
// README's pictures and this list differ, or when a picture's files changed since it
// was taken (then run `npm run screenshots` again).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Shot {
  /** File name in media/screenshots/. */
  file: string;
  /** Alt text in the README. */
  alt: string;
  /** Files or folders (relative to the repository) whose look the picture shows. */
  shows: string[];
}

export const SHOTS: Shot[] = [
  { file: 'tree.png', alt: 'The AppHost view: workspaces, servers, apps and databases with status icons', shows: ['src/tree/appNode.ts', 'src/tree/statusIcons.ts', 'src/tree/workspaceNode.ts', 'src/tree/roots.ts'] },
  { file: 'logs.png', alt: 'A log tail of a three-container app in the Output panel, beside the code', shows: ['src/logs/markers.ts', 'src/logs/logLine.ts', 'src/logs/containerTracker.ts', 'media/apphost-log.tmLanguage.json'] },
  { file: 'context-menu.png', alt: 'The context menu of an app: logs, config, lifecycle, deploy and more', shows: ['package.nls.json'] },
  { file: 'backups.png', alt: 'A database\'s backups in the view; a completed backup\'s menu: Download Backup, Restore Backup', shows: ['src/tree/groups/backups.ts', 'package.nls.json'] },
  { file: 'config-conflict.png', alt: 'config.env open in a tab; a key changed on the server meanwhile opens a Server ↔ Yours diff', shows: ['src/editors/savePrompts.ts', 'src/editors/configFileSystem.ts', 'media/languages/apphost-env.tmLanguage.json'] },
  { file: 'deploy-log.png', alt: 'A deploy\'s build log in an editor tab, updating while it builds', shows: ['src/logViews/deployLogs.ts', 'media/apphost-log.tmLanguage.json'] },
  { file: 'deploy-folder.png', alt: 'The open folder linked to its app in the status bar; Deploy pushes it and the build plays live in a tab', shows: ['src/deploy/linkStatusBar.ts', 'src/deploy/deployRun.ts', 'src/logViews/deployLogs.ts'] },
  { file: 'run-command.png', alt: 'Run Command… on an app: a one-off command (a migration) in a terminal tab of its own, with its output, exit code and duration', shows: ['src/actions/runTerminal.ts', 'src/actions/runCommand.ts', 'src/commands/runCommand.ts'] },
  { file: 'diagnose.png', alt: 'Diagnose Failure: the service\'s diagnosis of a failed deploy, as Markdown beside its build log', shows: ['src/logViews/diagnoses.ts', 'src/actions/diagnose.ts'] },
  { file: 'walkthrough.png', alt: 'The Getting Started walkthrough', shows: ['media/walkthrough'] },
  { file: 'services.png', alt: 'Two AppHost services side by side in the view, each with its own colour, account and workspaces', shows: ['src/tree/serviceNode.ts', 'src/tree/roots.ts', 'src/serviceList.ts'] },
  { file: 'services-tabs.png', alt: 'config.env of the same app on two services: each tab in its service\'s colour, with its badge', shows: ['src/serviceDecorations.ts', 'src/serviceList.ts'] },
  { file: 'buildpacks.png', alt: 'An app\'s buildpacks in order under it, and the buildpacks tab where the list is edited, one URL per line', shows: ['src/tree/groups/buildpacks.ts', 'src/configText/buildpacksFile.ts', 'media/languages/apphost-buildpacks.tmLanguage.json'] },
  { file: 'previews.png', alt: 'The pull-request preview apps of an app under its Previews part', shows: ['src/tree/groups/previews.ts', 'src/tree/appNode.ts'] },
  { file: 'tree-dark.png', alt: 'The AppHost view in a dark theme', shows: ['src/tree/appNode.ts', 'src/tree/statusIcons.ts', 'src/tree/workspaceNode.ts', 'src/tree/roots.ts'] },
];

export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'media', 'screenshots');
export const MANIFEST = join(SCREENSHOT_DIR, 'manifest.json');
const REPO = join(__dirname, '..', '..');

/** A short hash of the files a picture shows (folders: every file in them, by path). */
export function sourcesHash(shot: Shot): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const abs = join(REPO, rel);
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) add(join(rel, name));
      return;
    }
    hash.update(`${rel}\n`).update(readFileSync(abs)).update('\n');
  };
  for (const rel of shot.shows) add(rel);
  return hash.digest('hex').slice(0, 16);
}
