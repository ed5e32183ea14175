// A Vite plugin for the workerd tests (vitest.config.ts): each module's source map goes to workerd
// without the module's source text in it (`sourcesContent`). Vitest inlines every module's map into the
// code it sends the runner, base64 in a comment, so that a stack trace in workerd names the line of the
// .ts file; the maps carried each file's whole source besides, some 70 % of the 12.7 MB that ten test
// files' modules came to (12.7 -> 7.1 MB without it). Every byte was serialised, compressed and sent to
// both runners, and decoded there: 41 Worker test files in two runners took 65.2 -> 61.9 s of CPU
// (user + sys, the mean of two A/B pairs in turns at load 7-9). Stack
// traces still name the file and line (`mappings` and `sources` stay; worker/test/source-maps.test.ts),
// and Vitest reads the code it shows beside a failure from the file on disk, not from the map.
//
// Vite puts the source text back into the map as its last transform step (ssrTransform), after every
// plugin's own hooks, so the map is trimmed where Vite stores the finished result in its module graph.
// Should a Vite release rename that method, the maps simply stay whole.

/** The transformed module's map without the source text, in place. */
export function withoutSourcesContent(result) {
  if (result?.map && typeof result.map === 'object' && 'sourcesContent' in result.map) delete result.map.sourcesContent;
  return result;
}

/** @returns {import('vite').Plugin} */
export function sourceMapsWithoutSources() {
  return {
    name: 'feedloom:source-maps-without-sources',
    configureServer(server) {
      for (const environment of Object.values(server.environments)) {
        const graph = environment.moduleGraph;
        if (typeof graph?.updateModuleTransformResult !== 'function') continue;
        const update = graph.updateModuleTransformResult.bind(graph);
        graph.updateModuleTransformResult = (mod, result) => update(mod, withoutSourcesContent(result));
      }
    },
  };
}
