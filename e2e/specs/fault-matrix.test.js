// The fault matrix for the actions that spend nothing (sign in, list, create, save a scene, status poll,
// load the finished video). The injected answers are the same bytes whatever the service, so this runs
// in the default profile only (e2e/profiles.js).
import { ACTIONS, matrix, useFaultRun } from '../lib/faults.js';

useFaultRun();
matrix(ACTIONS.filter((a) => !a.spends));
