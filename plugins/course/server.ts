import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import coursePlugin from './index';
import { courseServer } from './course/server';
import { registerServer } from './register/server';
import { homeServer } from './home/summary';
import { seedCourses } from './seed';

/** The server part: courses before their registrations, the home card's call, the demo data. */
export default defineServerPlugin(coursePlugin, composeServerParts(courseServer, registerServer, homeServer, { seed: seedCourses }));
