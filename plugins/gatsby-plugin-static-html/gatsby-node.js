/** A path in `keepScripts` must be a page path like "/contact", so a typo fails the build, not a page. */
exports.pluginOptionsSchema = ({ Joi }) =>
  Joi.object({
    keepScripts: Joi.array()
      .items(Joi.string().pattern(/^\/[^?#]*$/))
      .required()
      .description("Paths of the pages that keep Gatsby's scripts (React hydrates them)"),
    meta: Joi.array().items(Joi.object()).description("Attributes of each <meta> tag every page shares"),
    jsonLd: Joi.object().description("JSON-LD by page path"),
  });
