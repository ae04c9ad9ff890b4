import styles from './skeleton.module.css';

export type SkeletonProps = {
  width?: number | string;
  height?: number | string;
  radius?: number;
  /** Holds the shape of what is coming (an image's `1200 / 630`) instead of a fixed height. */
  aspectRatio?: string;
};

/** A placeholder block shown while data loads (skeletons, not spinners). */
export const Skeleton = ({ width = '100%', height = 16, radius, aspectRatio }: SkeletonProps) => (
  <span
    className={styles.skeleton}
    style={{ width, height, borderRadius: radius, aspectRatio }}
    aria-hidden="true"
  />
);
