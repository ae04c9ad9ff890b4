import styles from './skeleton.module.css';

export type SkeletonProps = { width?: number | string; height?: number | string; radius?: number };

/** A placeholder block shown while data loads (skeletons, not spinners). */
export const Skeleton = ({ width = '100%', height = 16, radius }: SkeletonProps) => (
  <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />
);
