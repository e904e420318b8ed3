// Gatsby requires a plugin entry point; the work is in gatsby-node.js.
