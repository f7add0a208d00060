// Starts Swagger UI (served from the swagger-ui-dist package, no CDN) over this service's /openapi.json.
"use strict";
window.addEventListener("DOMContentLoaded", function () {
  window.ui = window.SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    docExpansion: "list",
    tryItOutEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
