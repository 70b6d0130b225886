// The URI schemes of the extension's documents (and its task type), apart from the code that serves them, so
// that activation can register stand-ins without loading that code (src/lazyFeatures.ts).

/** Editable documents: config.env, checks.json, app.json (src/editors). */
export const SCHEME = 'apphost';
/** Read-only snapshots of the server's state, the left side of "server ↔ yours" diffs. */
export const SNAPSHOT_SCHEME = 'apphost-server';
/** Deploy logs in editor tabs (src/logViews/deployLogs.ts). */
export const DEPLOY_LOG_SCHEME = 'apphost-deploy-log';
/** The last lines of an app's log, read once, in an editor tab (src/logViews/recentLines.ts). */
export const RECENT_LOG_SCHEME = 'apphost-recent-log';
/** The diagnosis of a failed deploy, Markdown shown in a preview beside its log (src/logViews/diagnoses.ts). */
export const DIAGNOSIS_SCHEME = 'apphost-diagnosis';
/** Read-only "Show Details" documents (src/editors/detailsDocuments.ts). */
export const DETAILS_SCHEME = 'apphost-details';
/** Apps dragged in the Resources view (onto a database, to link them). */
export const APPS_MIME = 'application/vnd.apphost.apps';
/** The task type of AppHost's tasks ("Deploy <app>", src/deploy/deployTask.ts). */
export const TASK_TYPE = 'apphost';
