// The parts of an app shown under it, in order. Each costs one request when expanded.
// Each part lives in its own module under groups/, owned by the area that acts on it.
import type { AppGroupDescriptor } from './appGroupNode';
import { configGroup } from './groups/config';
import { domainsGroup } from './groups/domains';
import { releasesGroup } from './groups/releases';
import { processesGroup } from './groups/processes';
import { checksGroup } from './groups/checks';
import { deploysGroup } from './groups/deploys';
import { addonsGroup } from './groups/addons';
import { logDrainsGroup } from './groups/logDrains';
import { buildpacksGroup } from './groups/buildpacks';
import { previewsGroup } from './groups/previews';

export const APP_GROUPS: AppGroupDescriptor[] = [
  configGroup, domainsGroup, releasesGroup, processesGroup, checksGroup, deploysGroup, addonsGroup, logDrainsGroup, buildpacksGroup, previewsGroup,
];
