import { defineServerPlugin } from '../../core/sdk/server';
import leavePlugin from './index';

// Skeleton: the leave request's server part, filled by its author in this change.
export default defineServerPlugin(leavePlugin, {});
