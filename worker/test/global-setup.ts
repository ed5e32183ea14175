// Starts the fake upstream servers (feeds, email API, AI API …) on 127.0.0.1 before the worker tests
// and tells the tests where they are. They speak the real services' HTTP APIs.
import type { TestProject } from 'vitest/node';
import { startFakeUpstream } from './fake-upstreams/server';

export default async function setup(project: TestProject) {
  const upstream = await startFakeUpstream();
  project.provide('fakeUpstreamUrl', upstream.url);
  project.provide('fakeUpstreamHosts', upstream.host);
  return async () => upstream.close();
}
