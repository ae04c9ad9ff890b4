import { PublicArticle } from '../../public-article.tsx';

export default function SkillRoute() {
  return (
    <PublicArticle
      title="Find your level"
      lead="Beginner, intermediate or expert — CDCA adapts its defaults to you."
    >
      <p>
        Beginners get safe presets and explanations; intermediate traders get presets to tune; experts get
        every control: scaling, load, direction and stop spread.
      </p>
    </PublicArticle>
  );
}
