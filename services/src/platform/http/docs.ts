import express, { Router } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Alpenpass API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui' });`;

/** /api/openapi.json and a browsable /api/docs served from the swagger-ui-dist package (no CDN). */
export function docsRoutes(openApiDocument: () => object): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  router.use('/docs/assets', express.static(getAbsoluteFSPath(), { index: false }));
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  return router;
}
