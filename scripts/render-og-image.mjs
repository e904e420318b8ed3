// Renders static/og-image.png from its SVG once; committed because social crawlers do not read SVG.
import sharp from "sharp";

await sharp("content/images/og-image.svg")
  .resize(1200, 630)
  .png({ compressionLevel: 9 })
  .toFile("static/og-image.png");
await sharp("content/images/icon.svg").resize(512, 512).png().toFile("content/images/icon.png");
console.log("wrote static/og-image.png and content/images/icon.png");
