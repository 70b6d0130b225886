// The 65 endpoints of ../shared/docs/service-spec.md, as `METHOD /path` patterns.

/** The 65 endpoints of service-spec.md, in its order. */
export const SPEC_ENDPOINTS = `
POST /auth/login|DELETE /auth/logout|GET /auth/whoami|GET /auth/tokens|POST /auth/tokens|DELETE /auth/tokens/:id
GET /servers|GET /servers/:id|POST /servers|DELETE /servers/:id|GET /servers/:id/status
GET /apps|GET /apps/:id|POST /apps|PUT /apps/:id|DELETE /apps/:id|POST /apps/:id/restart|POST /apps/:id/stop|POST /apps/:id/start
GET /apps/:id/config|PUT /apps/:id/config|DELETE /apps/:id/config
GET /apps/:id/domains|POST /apps/:id/domains|DELETE /apps/:id/domains/:did|POST /apps/:id/domains/:did/ssl
GET /apps/:id/releases|GET /apps/:id/releases/:rid|POST /apps/:id/releases/:rid/rollback
GET /apps/:id/ps|PUT /apps/:id/ps|GET /apps/:id/checks|PUT /apps/:id/checks
GET /apps/:id/logs|GET /apps/:id/deploys|GET /apps/:id/deploys/:did
GET /apps/:id/addons|POST /apps/:id/addons|DELETE /apps/:id/addons/:aid
GET /apps/:id/log_drains|POST /apps/:id/log_drains|DELETE /apps/:id/log_drains/:did
GET /templates|GET /templates/:id|POST /templates/deploy
GET /databases|GET /databases/:id|POST /databases|DELETE /databases/:id|POST /databases/:id/link|POST /databases/:id/unlink
GET /databases/:id/backups|POST /databases/:id/backups
GET /ssh_keys|POST /ssh_keys|DELETE /ssh_keys/:id
GET /teams|POST /teams|GET /teams/:id/members|POST /teams/:id/members|DELETE /teams/:id/members/:mid
GET /notifications|POST /notifications|DELETE /notifications/:id
GET /activities`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean);

/** What wokku v0.1.0 serves beyond the specification (issue #35); an older wokku answers 404 for each. */
export const BEYOND_SPEC_ENDPOINTS: readonly string[] = `
POST /apps/:id/run|POST /apps/:id/deploy|POST /apps/:id/github_connect|DELETE /apps/:id/github_disconnect
GET /apps/:app_id/buildpacks|POST /apps/:app_id/buildpacks|PUT /apps/:app_id/buildpacks|DELETE /apps/:app_id/buildpacks
GET /databases/:database_id/backups/:id/download|POST /databases/:database_id/backups/:id/restore
POST /databases/:id/import|POST /ai/diagnose`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean);
