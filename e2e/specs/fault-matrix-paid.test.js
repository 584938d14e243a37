// The fault matrix for the actions that spend credits or start work (approve, regenerate, upscale):
// after an uncertain answer the app reads the project to learn whether the request landed, and how a
// landed regeneration or upscale shows is where the profiles differ, so this runs in both.
import { ACTIONS, matrix, useFaultRun } from '../lib/faults.js';

useFaultRun();
matrix(ACTIONS.filter((a) => a.spends));
