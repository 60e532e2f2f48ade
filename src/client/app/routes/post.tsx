export default function PostPage() {
  return (
    <main className="page">
      <h1>Post</h1>
    </main>
  );
}
