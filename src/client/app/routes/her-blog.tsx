export default function HerBlogPage() {
  return (
    <main className="page">
      <h1>HerBlog</h1>
    </main>
  );
}
