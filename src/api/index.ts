// Public surface of the API layer. Everything above src/api imports from here.

export { ApiClient } from './apiClient';
export { DEFAULT_TIMEOUTS, type ApiClientOptions, type Timeouts } from './clientOptions';
export type { CallOptions } from './callTypes';
export { dashboardUrl, resolveBaseUrl, isLoopbackHost, type ResolvedBaseUrl } from './baseUrl';
export { type ProxySettings } from './dispatcher';
export { CERTIFICATE_AUTHORITIES_SETTING, CertificateError, gitCertificateMessage, gitCertificateProblem, type CertificateProblem } from './certificateProblems';
export type { TrustSettings } from './trustedRoots';
export {
  AppHostError, ApiError, NetworkError, TimeoutError, CancelledError, ConfigurationError, InvalidIdError, apiErrorIn, isCancelled, isNameTaken, isNotDeployed,
} from './errors';
export { isAppLimit, lostAnswer, policyRefusal, type LostAnswer } from './answers';
export { summarizeMessages } from './errorBody';
export { RequestBudget, type BudgetSnapshot, type Priority, type RequestBudgetOptions } from './requestBudget';
export { sleep, systemClock, type Clock } from './clock';
export { DEFAULT_RETRY, MAX_RETRY_AFTER_MS, type RetryOptions } from './retry';
export { redactHeaders } from './secrets';
export type { ApiLogger } from './transport';
export { needsOtp, type LoginInput } from './endpoints/auth';
export { RUN_TIMEOUT_MS, type AppListQuery, type NewApp } from './endpoints/apps';
export { LOAD_TIMEOUT_MS, type DumpUpload } from './endpoints/databases';
export { LocalFileError } from './transfer';
export type { NewServer } from './endpoints/servers';
export type { NewNotificationChannel } from './endpoints/account';
export { bool as reportFlag, readLogLines, setEntry, splitLines } from './normalize';
export { deployFailed, deployFinished } from './deployStatus';
export { readLinkedApps, type LinkedApp } from './linkedApps';
export { readProcessReport, type ProcessInstance, type ProcessSummary, type ProcessType } from './processReport';
export type { LogFollow, LogStreamEnd } from './logStream';
export type * from './models';
export { teamOfWorkspace, teamWorkspace, workspaceHeader } from './workspaceKey';
