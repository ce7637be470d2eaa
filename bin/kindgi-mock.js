#!/usr/bin/env node
// The package's command: runs the TypeScript CLI through tsx's loader, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
