/* Shapes: a small geometry library and its report, for the syntax bench. gcc rejects it: the
 * call of area() at the bottom passes a pointer where area() takes a square by value. */
#include <math.h>
#include <stdio.h>
#include <string.h>

struct square {
  double side;
};

static double area(struct square s) { return s.side * s.side; }

struct circle {
  double radius;
};

struct rect {
  double width;
  double height;
};

enum kind { KIND_SQUARE, KIND_CIRCLE, KIND_RECT };

struct shape {
  enum kind kind;
  const char *name;
  union {
    struct square square;
    struct circle circle;
    struct rect rect;
  } as;
};

static double circle_area(struct circle c) { return M_PI * c.radius * c.radius; }

static double rect_area(struct rect r) { return r.width * r.height; }

static double perimeter(const struct shape *s) {
  switch (s->kind) {
  case KIND_SQUARE:
    return 4 * s->as.square.side;
  case KIND_CIRCLE:
    return 2 * M_PI * s->as.circle.radius;
  case KIND_RECT:
    return 2 * (s->as.rect.width + s->as.rect.height);
  }
  return 0;
}

static double shape_area(const struct shape *s) {
  switch (s->kind) {
  case KIND_SQUARE:
    return area(s->as.square);
  case KIND_CIRCLE:
    return circle_area(s->as.circle);
  case KIND_RECT:
    return rect_area(s->as.rect);
  }
  return 0;
}

static int compare_by_area(const void *a, const void *b) {
  double x = shape_area((const struct shape *)a);
  double y = shape_area((const struct shape *)b);
  return (x > y) - (x < y);
}

static void print_shape(const struct shape *s) {
  printf("%-10s area %8.2f perimeter %8.2f\n", s->name, shape_area(s), perimeter(s));
}

static struct shape make_square(const char *name, double side) {
  struct shape s;
  memset(&s, 0, sizeof s);
  s.kind = KIND_SQUARE;
  s.name = name;
  s.as.square.side = side;
  return s;
}

static struct shape make_circle(const char *name, double radius) {
  struct shape s;
  memset(&s, 0, sizeof s);
  s.kind = KIND_CIRCLE;
  s.name = name;
  s.as.circle.radius = radius;
  return s;
}

static struct shape make_rect(const char *name, double width, double height) {
  struct shape s;
  memset(&s, 0, sizeof s);
  s.kind = KIND_RECT;
  s.name = name;
  s.as.rect.width = width;
  s.as.rect.height = height;
  return s;
}

static double total_area(const struct shape *shapes, size_t count) {
  double total = 0;
  for (size_t i = 0; i < count; i++) total += shape_area(&shapes[i]);
  return total;
}

int main(void) {
  struct shape shapes[] = {
      make_square("tile", 2.0),
      make_circle("coin", 1.5),
      make_rect("door", 0.9, 2.1),
      make_square("board", 8.0),
  };
  size_t count = sizeof shapes / sizeof shapes[0];
  qsort(shapes, count, sizeof shapes[0], compare_by_area);
  for (size_t i = 0; i < count; i++) print_shape(&shapes[i]);
  printf("total %8.2f\n", total_area(shapes, count));
  struct square floor = {4.0};
  printf("floor %8.2f\n", area(&floor));
  return 0;
}
