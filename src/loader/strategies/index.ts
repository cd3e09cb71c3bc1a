import type { LoadingStrategy } from '../../../widgets/islands.js';
import { intent } from './intent.ts';
import { load } from './load.ts';
import type { Strategy } from './strategy.ts';

/** Every loading strategy the manifest (widgets/islands.js) can name, by that name. */
export const STRATEGIES: Record<LoadingStrategy, Strategy> = { load, intent };
