# The check that the scripts run on macOS's bash 3.2 and BSD tools (docs/platforms.md, "Scripts"):
# a denylist of what GNU userlands and bash 4+ allow and macOS does not. A line that uses one on
# purpose, beside its fallback, says `portable: fallback`. Sourced by Scripts/selftest.sh.
#   portability_problems FILE…   prints file:line: construct, one per problem
portability_problems() {
  local pattern='declare -A|local -A|typeset -A|mapfile|readarray|\$\{[A-Za-z_]+(,,|\^\^)|sed -i( |$|[^.])|0,/|wc -L|date [^|;]*%N|pgrep -a|readlink -f|grep -P|&>>|\|&|coproc|wait -n|LC_ALL=C\.UTF-8|(^|[;&|(]|\$\(|then|do|if|!|&&|\|\|) *(timeout|setsid|stdbuf|nproc|gtimeout)( |\)|;|$)'  # portable: fallback (the denylist itself)
  grep -nE "$pattern" "$@" | grep -v 'portable: fallback' | grep -vE '^[^:]+:[0-9]+: *#'
}
