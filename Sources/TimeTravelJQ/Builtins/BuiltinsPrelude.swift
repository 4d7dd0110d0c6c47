import TimeTravelJSON

/// Builtins written in jq itself, as jq 1.8's `builtin.jq` defines them (where a
/// native builtin does not stand in for speed), compiled once and shared by every filter.
enum Prelude {
  static let source = #"""
    def values: select(. != null);
    def nulls: select(. == null);
    def booleans: select(type == "boolean");
    def numbers: select(type == "number");
    def strings: select(type == "string");
    def arrays: select(type == "array");
    def objects: select(type == "object");
    def iterables: select(type | . == "array" or . == "object");
    def scalars: select(type | . != "array" and . != "object");
    def map(f): [.[] | f];
    def map_values(f): .[] |= f;
    def recurse(f): def r: ., (f | r); r;
    def recurse(f; cond): def r: ., (f | select(cond) | r); r;
    def from_entries: reduce .[] as $x ({};
      . + {($x | .key // .Key // .name // .Name): ($x | if has("value") then .value else .Value end)});
    def with_entries(f): to_entries | map(f) | from_entries;
    def del(f): delpaths([path(f)]);
    def paths(node_filter): path(.. | select(node_filter)) | select(length > 0);
    def any: reduce .[] as $x (false; . or $x);
    def all: reduce .[] as $x (true; . and $x);
    def any(f): reduce (.[] | f) as $x (false; . or $x);
    def all(f): reduce (.[] | f) as $x (true; . and $x);
    def in(xs): . as $x | xs | has($x);
    def inside(xs): . as $x | xs | contains($x);
    def first: .[0];
    def last: .[-1];
    def nth($n): .[$n];
    def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
    def until(cond; update): def _until: if cond then . else (update | _until) end; _until;
    def while(cond; update): def _while: if cond then ., (update | _while) else empty end; _while;
    def index($i): indices($i) | .[0];
    def rindex($i): indices($i) | .[-1:][0];
    def IN(s): any(s == .; .);
    def IN(src; s): any(src == s; .);
    def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr | tostring] |= $row);
    def INDEX(idx_expr): INDEX(.[]; idx_expr);
    def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;
    def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
    def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
    def transpose: (map(length) | max // 0) as $rows | [range(0; $rows) as $j | [.[][$j]]];
    def tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p) | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);
    def fromstream(f): { x: null, e: false } as $init
      | foreach f as $i ($init;
          if .e then $init else . end
          | if $i | length == 2
            then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
            else setpath(["e"]; $i[0] | length == 1) end;
          if .e then .x else empty end);
    def truncate_stream(stream): . as $n | null | stream | . as $input
      | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;
    def finites: select(isinfinite or isnan | not);
    def normals: select(isnormal);
    def add(f): reduce f as $x (null; . + $x);
    def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));
    def match(re; mode): _match_impl(re; mode; false) | .[];
    def match($val): ($val | type) as $vt | if $vt == "string" then match($val; null)
      elif $vt == "array" and ($val | length) > 1 then match($val[0]; $val[1])
      elif $vt == "array" and ($val | length) > 0 then match($val[0]; null)
      else error($vt + " not a string or array") end;
    def test(re; mode): _match_impl(re; mode; true);
    def test($val): ($val | type) as $vt | if $vt == "string" then test($val; null)
      elif $vt == "array" and ($val | length) > 1 then test($val[0]; $val[1])
      elif $vt == "array" and ($val | length) > 0 then test($val[0]; null)
      else error($vt + " not a string or array") end;
    def capture(re; mods): match(re; mods)
      | reduce (.captures | .[] | select(.name != null) | { key: .name, value: .string }) as $pair
          ({}; . + {($pair.key): $pair.value});
    def capture($val): ($val | type) as $vt | if $vt == "string" then capture($val; null)
      elif $vt == "array" and ($val | length) > 1 then capture($val[0]; $val[1])
      elif $vt == "array" and ($val | length) > 0 then capture($val[0]; null)
      else error($vt + " not a string or array") end;
    def scan($re; $flags): match($re; "g" + $flags)
      | if (.captures | length > 0) then [.captures | .[] | .string] else .string end;
    def scan($re): scan($re; null);
    def splits($re; flags): split($re; flags) | .[];
    def splits($re): splits($re; null);
    def sub($re; str; $flags): . as $in
      | (reduce match($re; $flags) as $edit ({result: [], previous: 0};
          $in[.previous:($edit | .offset)] as $gap
          | [reduce ($edit | .captures | .[] | select(.name != null) | {(.name): .string}) as $pair
              ({}; . + $pair) | str] as $inserts
          | reduce range(0; $inserts | length) as $ix (.; .result[$ix] += $gap + $inserts[$ix])
          | .previous = ($edit | .offset + .length))
        | .result[] + $in[.previous:])
      // $in;
    def sub($re; str): sub($re; str; "");
    def gsub($re; str; $flags): sub($re; str; $flags + "g");
    def gsub($re; str): sub($re; str; "g");
    def todateiso8601: strftime("%Y-%m-%dT%H:%M:%SZ");
    def fromdateiso8601: strptime("%Y-%m-%dT%H:%M:%SZ") | mktime;
    def todate: todateiso8601;
    def fromdate: fromdateiso8601;
    def trimstr($x): ltrimstr($x) | rtrimstr($x);
    def abs: if . < 0 then - . else . end;
    def isfinite: type == "number" and (isinfinite | not);
    def debug(msg): (msg | debug | empty), .;
    def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];
    def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];
    def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] | join_expr;
    .
    """#

  /// The prelude compiled: a chain of definitions ending in `.`, with the calls to native
  /// builtins bound (calls between prelude definitions stay lexical, as in a program).
  static let program: Node = {
    do {
      var resolver = Resolver(source: source, predefined: [], library: [:])
      return try resolver.resolve(try Parser.parse(source))
    } catch {
      fatalError("jq prelude does not compile: \(error)")
    }
  }()

  /// Every prelude definition by `name/arity`, with the environment it is bound in: what
  /// the compiler binds a program's calls to.
  static let functions: [String: LibraryFunction] = {
    var functions: [String: LibraryFunction] = [:]
    var env = Environment(parent: nil, binding: nil)
    var node = program
    while case .functionDefinition(let definition, let rest) = node {
      env = Environment(parent: env, binding: .function(definition))
      functions[definition.signature] = LibraryFunction(definition: definition, home: env)
      node = rest
    }
    return functions
  }()

  /// `name/arity` of every prelude definition.
  static var signatures: Set<String> { Set(functions.keys) }
}
