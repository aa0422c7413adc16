// Imported first by the entry: every kernel module may read the site configuration from here on.
import { setSiteConfig } from '../core/config';
import { config } from './config';

setSiteConfig(config);
