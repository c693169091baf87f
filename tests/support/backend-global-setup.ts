import type { TestProject } from 'vitest/node';
import './backend-info';
import { startTestBackend } from './start-test-backend';

export default async function setup(project: TestProject) {
  const { info, backend } = await startTestBackend();
  project.provide('backend', info);
  return () => backend.stop();
}
