import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { clsx } from "clsx";

type ResponsivePictureProps = {
  image: IGatsbyImageData;
  alt: string;
  loading?: "lazy" | "eager"; // the LCP image must be "eager"
  className?: string;
};

/** gatsby-plugin-image's image as a plain `<picture>`, without `<GatsbyImage>`'s runtime (docs/requirements.md#performance-budget). */
export function ResponsivePicture({ image, alt, loading = "lazy", className }: ResponsivePictureProps) {
  const { fallback, sources = [] } = image.images;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        className={clsx("h-auto w-full", className)}
      />
    </picture>
  );
}
