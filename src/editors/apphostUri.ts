// Addresses of the editable documents: `apphost:/<workspace>/apps/<appId>/<app name>/<file>`.
// The app name is there for people (tab titles and breadcrumbs show `<app name>/config.env`);
// calls use the id, so a rename through app.json leaves open tabs working.
import * as vscode from 'vscode';
import { FILE_NAMES, kindOfFileName, type DocumentKind } from '../configText/documentKinds';
import type { AppRef } from '../model';

import { SCHEME } from '../schemes';

/** Path segment of the personal workspace (a team slug cannot start with ~). */
const PERSONAL = '~personal';

export interface DocumentAddress {
  app: AppRef;
  kind: DocumentKind;
}

/** The app's document; its service in the query, so same-named apps of two services never share a tab. */
export function documentUri(app: AppRef, kind: DocumentKind): vscode.Uri {
  const segments = [app.workspace ?? PERSONAL, 'apps', app.id, app.name, FILE_NAMES[kind]];
  return vscode.Uri.from({ scheme: SCHEME, path: `/${segments.map(encodeURIComponent).join('/')}`, query: new URLSearchParams({ service: app.service }).toString() });
}

/**
 * The app and document a URI names, or undefined for anything else (folders, unknown
 * files). A URI without a service (a tab restored from before several services) is the first service's.
 */
export function parseDocumentUri(uri: vscode.Uri, firstService: string): DocumentAddress | undefined {
  const parts = uri.path.split('/').slice(1).map(decodeURIComponent);
  if (parts.length !== 5 || parts[1] !== 'apps') return undefined;
  const kind = kindOfFileName(parts[4]);
  if (!kind) return undefined;
  const service = new URLSearchParams(uri.query).get('service') ?? firstService;
  return { app: { service, workspace: parts[0] === PERSONAL ? undefined : parts[0], id: parts[2], name: parts[3] }, kind };
}

