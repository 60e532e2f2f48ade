export default function HisBlogPage() {
  return (
    <main className="page">
      <h1>HisBlog</h1>
    </main>
  );
}
